import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newAccount, RestClient } from './helpers';
import {
  dataDir,
  exitCode,
  freePort,
  health,
  lockModule,
  run,
  running,
  startServer,
  uniqueDir,
  useServerProcesses,
  waitFor,
} from './process-helpers';

useServerProcesses();

// Every server here runs on its own embedded database (startServer clears DATABASE_URL), so the
// PostgreSQL leg of CI would only repeat these runs.
describe.skipIf(process.env.DATABASE_URL)('the server process', { timeout: 120_000 }, () => {
  it('refuses a second server on the same data directory, naming it and the first pid; the first keeps serving', async () => {
    const dir = dataDir();
    const [p1, p2] = [await freePort(), await freePort()];
    const first = startServer(dir, p1);
    await waitFor(first, running);

    const second = startServer(dir, p2);
    expect(await exitCode(second)).not.toBe(0);
    expect(second.output()).toContain(`The data directory ${join(dir, 'pglite')} is in use`);
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect(second.output()).not.toContain(running);
    expect(await health(p1)).toBe(200);

    // A normal shutdown releases the lock.
    first.child.kill('SIGTERM');
    expect(await exitCode(first)).toBe(0);
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(false);
  });

  it('starts on the data directory of a server killed with kill -9', async () => {
    const dir = dataDir();
    const port = await freePort();
    const first = startServer(dir, port);
    await waitFor(first, running);
    first.child.kill('SIGKILL');
    await first.exit;
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(true);

    const next = startServer(dir, port);
    await waitFor(next, running);
    expect(await health(port)).toBe(200);
    expect(JSON.parse(readFileSync(join(dir, 'pglite.lock'), 'utf8')).pid).toBe(next.child.pid);
  });

  // Storing a network is one transaction (row, document, version): a server killed at any moment of an
  // upload leaves either the whole network or none of it, and starts again on that directory. One upload
  // runs to the end first, to know how long one takes; the next ones are killed at 60% and 90% of that.
  it('keeps no half-written network when killed with kill -9 during network uploads', async () => {
    const dir = dataDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const account = newAccount('killed');
    const people = 5_000;
    const edges = Array.from({ length: 25_000 }, (_, i) => ({
      source: `p${i % people}`,
      target: `p${(i * 7 + 1) % people}`,
    }));
    const file = JSON.stringify({ directed: true, edges });
    const uploadNetwork = (name: string, cookie: string) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ name, fileType: 'json', directed: 'true' })) form.append(k, v);
      form.append('file', new Blob([file]), 'network.json');
      return fetch(`${base}/api/base/networks`, { method: 'POST', headers: { cookie }, body: form });
    };
    let server = startServer(dir, port);
    await waitFor(server, running);
    const client = new RestClient(base);
    expect((await client.post('/userLogins/signup', account)).status).toBe(200);
    const started = Date.now();
    expect((await uploadNetwork('Whole', client.cookie)).status).toBe(200);
    const took = Date.now() - started;
    for (const share of [0.6, 0.9]) {
      const pending = uploadNetwork(`Killed at ${share}`, client.cookie).catch(() => null);
      await new Promise((r) => setTimeout(r, took * share));
      server.child.kill('SIGKILL');
      await server.exit;
      await pending;
      server = startServer(dir, port);
      await waitFor(server, running);
    }
    const again = new RestClient(base);
    const signIn = await again.post('/userLogins/signin', { email: account.email, password: account.password });
    expect(signIn.status).toBe(200);
    const list = await again.get('/networks');
    expect(list.body.map((n: { name: string }) => n.name)).toContain('Whole');
    for (const network of list.body) {
      const { body } = await again.get(`/networks/${network._id}/data`);
      expect([body.data.nodes.length, body.data.edges.length]).toEqual([people, edges.length]);
      expect([network.nodeCount, network.edgeCount]).toEqual([people, edges.length]);
    }
    server.child.kill('SIGTERM');
    await server.exit;
  });

  it('behind a reverse proxy (public PUBLIC_URL, loopback HOST) seeds no demo, keeps the outbox closed, and says so', async () => {
    const port = await freePort();
    const server = startServer(dataDir(), port, { SEED_DEMO: 'auto', PUBLIC_URL: 'https://tieline.example.com' });
    // The outbox warning follows the running line on stderr: wait for it rather than race the pipe.
    await waitFor(server, 'stays closed');
    expect(server.output()).toContain(running);
    expect(server.output()).toContain('Demo data not seeded: this server is not a local install');
    expect(server.output()).toContain('/mailbox stays closed because this is not a local install');
    expect(server.output()).not.toContain('Demo login');
  });

  it('stops at start-up on half a card payment configuration, naming what is missing', async () => {
    const server = startServer(dataDir(), await freePort(), { PAYMENT_PUBLIC_KEY: 'pk_live_abc' });
    expect(await exitCode(server)).not.toBe(0);
    expect(server.output()).toContain('Invalid configuration:');
    expect(server.output()).toContain(
      'PAYMENT_SECRET_KEY: card payments need PAYMENT_PUBLIC_KEY, PAYMENT_SECRET_KEY, PAYMENT_WEBHOOK_SECRET together',
    );
    expect(server.output()).not.toContain(running);
  });

  it('exits non-zero on a port in use, says so, never claims to run, and closes its database', async () => {
    const [dirA, dirB] = [dataDir(), dataDir()];
    const port = await freePort();
    const first = startServer(dirA, port);
    await waitFor(first, running);

    const second = startServer(dirB, port);
    expect(await exitCode(second)).not.toBe(0);
    expect(second.output()).toContain(`Port ${port} is already in use (127.0.0.1:${port})`);
    expect(second.output()).not.toContain(running);
    expect(existsSync(join(dirB, 'pglite.lock'))).toBe(false);
    expect(await health(port)).toBe(200);
  });

  it.each([
    ['a free directory', false],
    ['a stale lock', true],
  ])('lets exactly one of several processes racing for %s win', async (_, stale) => {
    const dir = join(uniqueDir('race'), 'pglite');
    const go = uniqueDir('go');
    if (stale) {
      const dead = run(['-e', '']);
      await dead.exit;
      const owner = { pid: dead.child.pid, host: 'x', id: 'stale', since: new Date().toISOString() };
      mkdirSync(join(dir, '..'), { recursive: true });
      writeFileSync(`${dir}.lock`, JSON.stringify(owner));
    }
    // Each racer loads the lock module, then spins until the go file appears, so they try together.
    const racer = `
      import { existsSync } from 'node:fs';
      const { lockDataDir } = await import(${JSON.stringify(lockModule)});
      console.log('ready');
      while (!existsSync(${JSON.stringify(go)})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
      try {
        lockDataDir(${JSON.stringify(dir)});
        console.log('won');
        process.stdin.resume();
      } catch (error) {
        console.log('lost: ' + error.message);
      }`;
    const racers = Array.from({ length: 6 }, () => run(['--input-type=module', '-e', racer]));
    await Promise.all(racers.map((r) => waitFor(r, 'ready')));
    writeFileSync(go, '');
    await Promise.all(racers.map((r) => waitFor(r, /won|lost: /)));

    const winners = racers.filter((r) => r.output().includes('won'));
    expect(winners.map((w) => w.output())).toHaveLength(1);
    const winner = winners[0]!.child.pid;
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(winner);
    for (const loser of racers.filter((r) => !r.output().includes('won'))) {
      expect(loser.output()).toContain(`is in use by another Tieline process (pid ${winner},`);
    }
  });
});
