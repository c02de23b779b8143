import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, unique } from './helpers';
import { startTieline } from './own-server';

// Analytics (issue 12): the admin app reports page views and key events only when the server has an
// ANALYTICS_KEY, through the service's own library, loaded on demand. The shared e2e server has no key;
// the second test starts its own server with one, pointed at a capture server on loopback.

test('without an analytics key no request leaves the browser for any host but ours', async ({ page, baseURL }) => {
  const elsewhere: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== new URL(baseURL!).origin) elsewhere.push(request.url());
    if (request.resourceType() === 'script') scripts.push(url.pathname);
  });
  await signIn(page, 'demo@tieline.local', 'tieline-demo');
  await page.getByRole('button', { name: /Individual Account/ }).click();
  await expect(page).toHaveURL(/\/networks$/);
  await page.goto('/surveys');
  await expect(page.getByRole('button', { name: 'New Survey' })).toBeVisible();
  await page.goto('/users/settings/api');
  await expect(page.getByRole('heading', { name: 'API Access' })).toBeVisible();
  expect(elsewhere).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.includes('analytics-client'))).toEqual([]);
});

type Captured = { path: string; events: string[] };

/**
 * A stand-in analytics service: keeps each request's path and the event names in its body, which the
 * library sends gzipped, or base64 in a form field (`data=`) when it sends a page's last events on exit.
 */
function decodeBody(raw: Buffer): string {
  if (raw[0] === 0x1f && raw[1] === 0x8b) return gunzipSync(raw).toString('utf8');
  const text = raw.toString('utf8');
  const data = new URLSearchParams(text).get('data');
  return data ? Buffer.from(data, 'base64').toString('utf8') : text;
}

async function startCapture() {
  const captured: Captured[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = decodeBody(Buffer.concat(chunks));
      const events = [...text.matchAll(/"event"\s*:\s*"([^"]+)"/g)].map((m) => m[1]!);
      if (req.method !== 'OPTIONS') captured.push({ path: (req.url ?? '').split('?')[0]!, events });
      res.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': req.headers.origin ?? '*',
        'access-control-allow-credentials': 'true',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      });
      res.end(JSON.stringify({ featureFlags: { 'new-explorer': true }, status: 1 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The browser keeps a connection to the service open (requests in flight when the journey ends): close
  // drops them, or it waits about a minute for the browser to let go.
  const close = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return { captured, url, close };
}

test('with a key the admin app loads the library and reports page views, sign-up and a new survey', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const capture = await startCapture();
  const tieline = await startTieline({ ANALYTICS_KEY: 'phc_e2e_key', ANALYTICS_HOST: capture.url });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // The library drops events from automated browsers (navigator.webdriver, and a "HeadlessChrome" brand
  // in navigator.userAgentData, which the headless shell reports): this one poses as a person.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'webdriver', { get: () => false });
    const proto = (globalThis as unknown as { NavigatorUAData?: { prototype: object } }).NavigatorUAData?.prototype;
    const real = proto && Object.getOwnPropertyDescriptor(proto, 'brands')?.get;
    if (!proto || !real) return;
    Object.defineProperty(proto, 'brands', {
      get(this: unknown) {
        return (real.call(this) as { brand: string }[]).filter((b) => b.brand !== 'HeadlessChrome');
      },
    });
  });
  try {
    const id = unique();
    await page.goto(`${tieline.url}/signup`);
    await page.getByLabel('Full name').fill(`Analytics ${id}`);
    await page.getByLabel('Username').fill(`analytics${id}`);
    await page.getByLabel('Email').fill(`analytics-${id}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: /sign up|create account/i }).click();
    await expect(page).toHaveURL(/\/networks$/);

    await page.goto(`${tieline.url}/surveys`);
    await page.getByRole('button', { name: 'New Survey' }).click();
    await page.getByRole('dialog').getByLabel('Survey name').fill('Measured survey');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/surveys\/[^/]+\/details$/);
    await expectNoAxeViolations(page);

    const events = () => capture.captured.flatMap((c) => c.events);
    await expect.poll(events, { timeout: 20_000 }).toEqual(expect.arrayContaining(['survey created']));
    expect(events()).toEqual(expect.arrayContaining(['$pageview', 'signed up', '$identify']));
    expect(scripts.some((s) => s.includes('analytics-client'))).toBe(true);
    // Feature flags are read from the service when the library starts.
    expect(capture.captured.some((c) => /^\/(flags|decide)\/?$/.test(c.path))).toBe(true);
  } finally {
    await tieline.close();
    await capture.close();
  }
});
