import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';

const script = join(import.meta.dirname, '../../../scripts/compress-dist.mjs');
const js = `console.log(${JSON.stringify('respondent '.repeat(200))});\n`;

let app: TestApp;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'tieline-static-'));
  for (const name of ['admin', 'respondent']) {
    mkdirSync(join(root, name, 'assets'), { recursive: true });
    writeFileSync(join(root, name, 'index.html'), `<!doctype html><title>${name}</title>${'<p>x</p>'.repeat(100)}`);
    writeFileSync(join(root, name, 'assets', 'app-abc123.js'), js.replace('respondent', name));
    writeFileSync(join(root, name, 'assets', 'app-abc123.css'), `body{color:red}${'.a{margin:0}'.repeat(100)}`);
    writeFileSync(join(root, name, 'assets', 'logo-abc123.png'), Buffer.alloc(2000, 7));
    writeFileSync(
      join(root, name, 'favicon.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(50)}</svg>`,
    );
  }
  // Beside the app folders: must never be served, compressed or not.
  writeFileSync(join(root, 'secret.txt'), 'secret '.repeat(100));
  writeFileSync(join(root, 'secret.txt.br'), 'secret br');
  // The real build step.
  execFileSync(process.execPath, [script, join(root, 'admin'), join(root, 'respondent')], { stdio: 'ignore' });
  app = await startTestApp({
    smtp: false,
    staticDirs: { admin: join(root, 'admin'), respondent: join(root, 'respondent') },
  });
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

/** One request with exactly these headers (fetch would add Accept-Encoding and decode the body). */
function send(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const url = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const file = (...parts: string[]) => readFileSync(join(root, ...parts));
const BROWSER = 'gzip, deflate, br, zstd';

describe('the built apps', () => {
  it('serve the admin app for its routes and the respondent app under /responses', async () => {
    expect((await send('/networks')).body.toString()).toContain('<title>admin</title>');
    expect((await send('/responses/3f1c')).body.toString()).toContain('<title>respondent</title>');
    expect((await send('/responses')).body.toString()).toContain('<title>respondent</title>');
  });

  it('the build writes a brotli and a gzip file beside each compressible file, not beside images', () => {
    for (const name of ['index.html', 'favicon.svg', 'assets/app-abc123.js', 'assets/app-abc123.css']) {
      const original = file('respondent', name);
      expect(brotliDecompressSync(file('respondent', `${name}.br`))).toEqual(original);
      expect(gunzipSync(file('respondent', `${name}.gz`))).toEqual(original);
    }
    expect(() => statSync(join(root, 'respondent/assets/logo-abc123.png.br'))).toThrow();
  });

  it('send brotli to a browser that takes it, with the type and length of what is sent', async () => {
    for (const [path, type] of [
      ['/responses/assets/app-abc123.js', 'text/javascript; charset=utf-8'],
      ['/assets/app-abc123.css', 'text/css; charset=utf-8'],
      ['/responses/favicon.svg', 'image/svg+xml'],
    ] as const) {
      const res = await send(path, { 'accept-encoding': BROWSER });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['content-type']?.toLowerCase(), path).toBe(type);
      expect(res.headers.vary, path).toContain('Accept-Encoding');
      expect(Number(res.headers['content-length']), path).toBe(res.body.length);
      const dir = path.startsWith('/responses/') ? 'respondent' : 'admin';
      const name = path.replace(/^\/(responses\/)?/, '');
      expect(res.body).toEqual(file(dir, `${name}.br`));
      expect(brotliDecompressSync(res.body)).toEqual(file(dir, name));
    }
  });

  it('send gzip when brotli is not accepted, and the file itself when nothing is', async () => {
    const path = '/responses/assets/app-abc123.js';
    const original = file('respondent', 'assets/app-abc123.js');
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const res = await send(path, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(gunzipSync(res.body)).toEqual(original);
    }
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'deflate' },
    ]) {
      const res = await send(path, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']?.toLowerCase()).toBe('text/javascript; charset=utf-8');
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(original.length);
      expect(res.body).toEqual(original);
    }
  });

  it('send images as they are', async () => {
    const res = await send('/assets/logo-abc123.png', { 'accept-encoding': BROWSER });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.body).toEqual(file('admin', 'assets/logo-abc123.png'));
  });

  it('send index.html compressed for every client route', async () => {
    for (const path of ['/', '/index.html', '/networks/12', '/responses/abc', '/responses/']) {
      const res = await send(path, { 'accept-encoding': BROWSER });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['content-type']?.toLowerCase(), path).toBe('text/html; charset=utf-8');
      expect(res.headers.vary, path).toContain('Accept-Encoding');
      expect(brotliDecompressSync(res.body).toString(), path).toContain('<!doctype html>');
    }
  });

  it('cache hashed assets for a year and revalidate everything else, whatever the encoding', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': BROWSER },
    ]) {
      for (const path of ['/assets/app-abc123.js', '/responses/assets/app-abc123.js', '/assets/logo-abc123.png']) {
        expect((await send(path, headers)).headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      }
      for (const path of ['/', '/index.html', '/favicon.svg', '/responses/x', '/responses/favicon.svg']) {
        expect((await send(path, headers)).headers['cache-control'], path).toBe('no-cache');
      }
    }
  });

  it('answer HEAD with the headers of GET and no body', async () => {
    const get = await send('/responses/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const head = await send('/responses/assets/app-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-encoding', 'content-length', 'content-type', 'vary', 'cache-control', 'etag']) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
  });

  it('give each encoding its own validator, and answer 304 to a matching one', async () => {
    const br = await send('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const identity = await send('/assets/app-abc123.js');
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(identity.headers.etag);
    const again = await send('/assets/app-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.status).toBe(304);
  });

  it('answer a byte range of the representation it would send', async () => {
    const original = file('respondent', 'assets/app-abc123.js');
    const plain = await send('/responses/assets/app-abc123.js', { range: 'bytes=0-9' });
    expect(plain.status).toBe(206);
    expect(plain.headers['content-range']).toBe(`bytes 0-9/${original.length}`);
    expect(plain.body).toEqual(original.subarray(0, 10));
    const br = await send('/responses/assets/app-abc123.js', { range: 'bytes=0-9', 'accept-encoding': 'br' });
    const compressed = file('respondent', 'assets/app-abc123.js.br');
    expect(br.status).toBe(206);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-range']).toBe(`bytes 0-9/${compressed.length}`);
    expect(br.body).toEqual(compressed.subarray(0, 10));
    const beyond = await send('/responses/assets/app-abc123.js', { range: `bytes=${original.length + 10}-` });
    expect(beyond.status).toBe(416);
  });

  it('never serve files outside the app folders', async () => {
    for (const path of [
      '/assets/..%2f..%2fpackage.json',
      '/responses/..%2fsecret.txt',
      '/responses/%2e%2e/secret.txt',
      '/responses/assets/..%2f..%2fsecret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
    ]) {
      for (const headers of [{} as Record<string, string>, { 'accept-encoding': BROWSER }]) {
        const res = await send(path, headers);
        const text = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.body;
        expect(text.toString(), path).not.toMatch(/secret|"name"/);
      }
    }
  });

  it('refuse a malformed escape with the JSON 400 of the API', async () => {
    for (const path of ['/assets/%E0%A4%A', '/responses/assets/%E0%A4%A']) {
      const res = await send(path, { 'accept-encoding': 'br' });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body.toString()), path).toMatchObject({ message: expect.any(String) });
    }
  });
});

describe('apps that are not built', () => {
  let bare: TestApp;
  let empty: string;
  beforeAll(async () => {
    empty = mkdtempSync(join(tmpdir(), 'tieline-static-none-'));
    bare = await startTestApp({
      smtp: false,
      staticDirs: { admin: join(empty, 'admin'), respondent: join(empty, 'respondent') },
    });
  });
  afterAll(async () => {
    await bare.close();
    rmSync(empty, { recursive: true, force: true });
  });

  it('answer 503 with a plain-text hint', async () => {
    for (const [path, text] of [
      ['/', 'The admin app is not built. Run: pnpm build'],
      ['/networks', 'The admin app is not built. Run: pnpm build'],
      ['/responses/abc', 'The respondent app is not built. Run: pnpm build'],
    ]) {
      const res = await fetch(`${bare.url}${path}`, { headers: { 'accept-encoding': 'br' } });
      expect(res.status, path).toBe(503);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(await res.text()).toBe(text);
    }
  });
});
