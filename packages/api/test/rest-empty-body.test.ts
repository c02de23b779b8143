import { MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestClient, randomAddress, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { seedNetwork } from './networks-setup';

// A POST with no body where the operation takes none (issue 25): `curl -X POST .../duplicate` sends
// no content-type, and is answered as if it had sent `{}`. A body that is not JSON is still refused.

let app: TestApp;
let owner: SeededUser;
let key: string;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'individual');
  const client = new RestClient(app.url);
  client.cookie = owner.cookie;
  key = (await client.post('/apiKeys', { name: 'Script' })).body.key;
});
afterAll(() => app.close());

async function post(path: string, headers: Record<string, string>, body?: string) {
  const res = await fetch(`${app.url}/api/base${path}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': randomAddress(), ...headers },
    // Bytes, so that fetch adds no content-type of its own.
    body: body === undefined ? undefined : new TextEncoder().encode(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('a POST without a body', () => {
  it('duplicates a network with no content-type, by session cookie or by API key', async () => {
    const network = await seedNetwork(app, owner);
    const auths: Record<string, string>[] = [{ cookie: owner.cookie }, { authorization: `Bearer ${key}` }];
    for (const auth of auths) {
      const res = await post(`/networks/${network.id}/duplicate`, auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: expect.stringContaining('Advice') });
    }
    const zeroLength = await post(`/networks/${network.id}/duplicate`, { cookie: owner.cookie, 'content-length': '0' });
    expect(zeroLength.status).toBe(200);
  });

  it('still refuses a body that is not JSON, with or without a content-type', async () => {
    const network = await seedNetwork(app, owner);
    const types: Record<string, string>[] = [{}, { 'content-type': 'text/plain' }];
    for (const headers of types) {
      const res = await post(`/networks/${network.id}/duplicate`, { cookie: owner.cookie, ...headers }, 'name=x');
      expect(res.status).toBe(415);
    }
    const typed = await post(`/networks/${network.id}/duplicate`, {
      cookie: owner.cookie,
      'content-type': 'text/plain',
    });
    expect(typed).toEqual({ status: 415, body: { message: MSG.jsonOnly, code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('answers a procedure that needs input with its validation error, not 415', async () => {
    const res = await post('/apiKeys', { cookie: owner.cookie });
    expect(res.status).toBe(400);
  });
});
