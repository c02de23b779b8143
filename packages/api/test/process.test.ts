import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
  waitFor,
} from './process-helpers';

describe('the server process', { timeout: 120_000 }, () => {
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
