import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestApp, type TestApp } from './helpers';

// getConfig's analytics and help settings, and the Content-Security-Policy that lets the admin app reach
// the analytics service only when one is configured.

const connectSrc = (csp: string | string[] | undefined) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('connect-src'));

describe('without an analytics key', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ smtp: false });
  });
  afterAll(() => app.close());

  it('delivers no key, no tutorial videos, and pages may connect to this server only', async () => {
    const res = await rawRequest(app.url, { path: '/api/base/getConfig' });
    expect(res.body).toMatchObject({ analyticsKey: '', tutorialVideos: {} });
    expect(connectSrc(res.headers['content-security-policy'])).toBe("connect-src 'self'");
  });
});

describe('with an analytics key and host', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      smtp: false,
      env: {
        ANALYTICS_KEY: 'phc_test_key',
        ANALYTICS_HOST: 'https://analytics.example.com/ingest',
        TUTORIAL_VIDEOS: JSON.stringify({ '/networks': 'https://videos.example.com/networks.mp4' }),
      },
    });
  });
  afterAll(() => app.close());

  it('delivers the key, the host and the tutorial table, and lets pages reach that host alone', async () => {
    const res = await rawRequest(app.url, { path: '/api/base/getConfig' });
    expect(res.body).toMatchObject({
      analyticsKey: 'phc_test_key',
      analyticsHost: 'https://analytics.example.com/ingest',
      tutorialVideos: { '/networks': 'https://videos.example.com/networks.mp4' },
    });
    expect(connectSrc(res.headers['content-security-policy'])).toBe("connect-src 'self' https://analytics.example.com");
  });
});
