/**
 * @tieline/client as a script outside the monorepo gets it (issue 25): built (packages/client
 * scripts/build.ts), packed, installed from the tarball into a temporary project with npm and no
 * registry, type-checked there with `tsc --module nodenext` and default lib settings (a wrong input
 * type must not compile), then run with node against a started server, authenticated by an API key.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestClient, randomAddress, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';

const clientDir = fileURLToPath(new URL('../../client/', import.meta.url));
const tsc = join(clientDir, 'node_modules/typescript/bin/tsc');
const exec = promisify(execFile);

/** A command's exit code and output; never throws. */
const run = (file: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
  exec(file, args, { cwd, env: { ...process.env, ...env }, timeout: 180_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code?: number; stdout: string; stderr: string }) => ({
      code: e.code ?? -1,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );

let app: TestApp;
let user: SeededUser;
let project: string;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  user = await seedUser(app, 'individual', { withPassword: true });
  const built = await run('pnpm', ['run', 'build'], clientDir);
  expect(built, built.stderr).toMatchObject({ code: 0 });
  project = mkdtempSync(join(tmpdir(), 'tieline-client-'));
  const packed = await run('npm', ['pack', join(clientDir, 'dist'), '--pack-destination', project], project);
  expect(packed, packed.stderr).toMatchObject({ code: 0 });
  const tarball = readdirSync(project).find((f) => f.endsWith('.tgz'))!;
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-script', private: true, type: 'module' }));
  const installed = await run(
    'npm',
    ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', `./${tarball}`],
    project,
  );
  expect(installed, installed.stderr).toMatchObject({ code: 0 });
}, 300_000);
afterAll(() => app.close());

// No @types/node in the script's project: process is declared as a script would.
const PRELUDE = `import { createTielineClient, TielineRestError } from '@tieline/client';
declare const process: { env: Record<string, string | undefined>; exitCode?: number };
const tieline = createTielineClient({ url: process.env.TIELINE_URL!, apiKey: process.env.TIELINE_API_KEY! });
`;

const compile = (file: string) =>
  run(
    process.execPath,
    [tsc, '--module', 'nodenext', '--target', 'es2022', '--strict', '--outDir', 'out', file],
    project,
  );

describe('the packed client', () => {
  it('has no server source, tRPC or zod in its types, and no dependencies', () => {
    const dir = join(project, 'node_modules/@tieline/client');
    const types = readFileSync(join(dir, 'index.d.ts'), 'utf8');
    expect(types).not.toMatch(/@tieline\/|@trpc\/|from 'zod'|import\(/);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(readdirSync(join(project, 'node_modules')).sort()).toEqual(['.package-lock.json', '@tieline']);
  });

  it('type-checks a script under module nodenext and runs it against the server with an API key', async () => {
    writeFileSync(
      join(project, 'script.ts'),
      `${PRELUDE}
const me = await tieline.users.me.query();
const made = await tieline.apiKeys.list.query();
try {
  await tieline.rest.downloadResponses('00000000-0000-4000-8000-000000000000');
} catch (error) {
  if (error instanceof TielineRestError) console.log(\`refused \${error.status}\`);
}
console.log(JSON.stringify({ email: me.userLogin.email, keys: made.map((k) => k.name) }));
`,
    );
    const compiled = await compile('script.ts');
    expect(compiled, compiled.stdout).toMatchObject({ code: 0 });
    // The key as the README makes it: sign in with the password, then POST /apiKeys with the session.
    const signIn = await fetch(`${app.url}/api/base/userLogins/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(signIn.status).toBe(200);
    const client = new RestClient(app.url);
    client.cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { key } = (await client.post('/apiKeys', { name: 'Packed script' })).body;
    const ran = await run(process.execPath, ['out/script.js'], project, { TIELINE_URL: app.url, TIELINE_API_KEY: key });
    expect(ran.stderr).toBe('');
    const [refused, answer] = ran.stdout.trim().split('\n');
    expect(refused).toMatch(/^refused 40[34]$/);
    expect(JSON.parse(answer!)).toEqual({ email: user.email, keys: ['Packed script'] });
  }, 120_000);

  it('refuses to compile a call with an input of the wrong type', async () => {
    writeFileSync(join(project, 'wrong.ts'), `${PRELUDE}await tieline.apiKeys.create.mutate({ name: 42 });\n`);
    const compiled = await compile('wrong.ts');
    expect(compiled.code).not.toBe(0);
    expect(compiled.stdout).toMatch(/wrong\.ts.*error TS2322: Type 'number' is not assignable to type 'string'/);
  }, 120_000);
});
