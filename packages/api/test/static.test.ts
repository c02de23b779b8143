import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';

let app: TestApp;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'tieline-static-'));
  for (const name of ['admin', 'respondent']) {
    mkdirSync(join(root, name, 'assets'), { recursive: true });
    writeFileSync(join(root, name, 'index.html'), `<!doctype html><title>${name}</title>`);
    writeFileSync(join(root, name, 'assets', 'app-abc123.js'), `console.log('${name}')`);
    writeFileSync(join(root, name, 'favicon.svg'), '<svg/>');
  }
  app = await startTestApp({
    smtp: false,
    staticDirs: { admin: join(root, 'admin'), respondent: join(root, 'respondent') },
  });
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${app.url}${path}`);

describe('the built apps', () => {
  it('serve the admin app for its routes and the respondent app under /responses', async () => {
    expect(await (await get('/networks')).text()).toContain('<title>admin</title>');
    expect(await (await get('/responses/3f1c')).text()).toContain('<title>respondent</title>');
    expect(await (await get('/responses')).text()).toContain('<title>respondent</title>');
  });

  it('cache hashed assets for a year and revalidate everything else', async () => {
    expect((await get('/assets/app-abc123.js')).headers.get('cache-control')).toContain('immutable');
    expect((await get('/responses/assets/app-abc123.js')).headers.get('cache-control')).toContain('immutable');
    for (const path of ['/', '/index.html', '/favicon.svg', '/responses/x']) {
      expect((await get(path)).headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('never serve files outside the app folders', async () => {
    const res = await get('/assets/..%2f..%2fpackage.json');
    expect(await res.text()).not.toContain('"name"');
  });
});
