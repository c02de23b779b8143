import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/server';
import { RestClient, seedUser, startTestApp, type TestApp } from './helpers';
import { collectingSurvey, PEOPLE, question, saveId } from './responses-setup';

// The save route answered by its procedure directly (http/direct-route.ts) answers exactly as the OpenAPI
// bridge does: a second server on the same database with DIRECT_ROUTES=off (how `pnpm bench direct`
// compares the two) gets the same requests, each on its own respondent's link, and must give the same
// status, body and error headers.

let app: TestApp;
let close: () => Promise<void>;
const base = { direct: '', bridge: '' };
const link = { direct: '', bridge: '' };

beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  const owner = await seedUser(app, 'individual');
  const s = await collectingSurvey(app, owner, () => [question('freeFormText', { _id: 'q-text' })]);
  link.direct = s.linkOf(PEOPLE[1]![1]!);
  link.bridge = s.linkOf(PEOPLE[2]![1]!);
  const bridge = await createServer({
    env: { ...app.server.deps.env, DIRECT_ROUTES: 'off' },
    dbHandle: app.server.dbHandle,
  });
  const listener = await bridge.listen(0, '127.0.0.1');
  base.direct = app.url;
  base.bridge = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  close = async () => {
    listener.closeAllConnections();
    await new Promise((r) => listener.close(r));
    await bridge.close();
  };
});
afterAll(async () => {
  await close?.();
  await app?.close();
});

type Path = keyof typeof base;
type Request = (client: RestClient, uuid: string) => ReturnType<RestClient['call']>;

/** The same request on both paths, each with its own link: what each answered, links and times made generic. */
async function both(request: Request) {
  const answer = async (path: Path) => {
    const res = await request(new RestClient(base[path]), link[path]);
    return {
      status: res.status,
      body: JSON.parse(
        JSON.stringify(res.body ?? null)
          .replaceAll(link[path], '<link>')
          .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>'),
      ),
      // express's res.json adds a charset, the bridge does not: the same JSON either way.
      contentType: res.headers.get('content-type')?.split(';')[0],
      retryAfter: res.headers.get('retry-after'),
    };
  };
  const direct = await answer('direct');
  expect(await answer('bridge')).toStrictEqual(direct);
  return direct;
}

const text = (t: string) => [{ questionId: 'q-text', dataInput: [{ text: t }] }];
const save = (body: Record<string, unknown>, headers: Record<string, string> = {}): Request => {
  return (client, uuid) =>
    client.call('PUT', `/api/base/responses/${uuid}`, { randomUUID: uuid, saveId: saveId(), ...body }, headers);
};

describe('PUT /api/base/responses/{randomUUID}: the direct route and the bridge answer alike', () => {
  it('a save, the same save again, and a stale revision', async () => {
    const id = saveId();
    expect((await both(save({ answers: text('Hello'), revision: 0, saveId: id }))).status).toBe(200);
    expect((await both(save({ answers: text('Hello'), revision: 0, saveId: id }))).status).toBe(200);
    expect((await both(save({ answers: text('Other'), revision: 0 }))).status).toBe(409);
    expect((await both(save({ answers: text('Next'), revision: 1 }))).status).toBe(200);
  });

  it('refused input: a bad answer, a non-object body, bad JSON, no content type, a foreign origin', async () => {
    expect((await both(save({ answers: 'none', revision: 2 }))).status).toBe(400);
    expect((await both((c, uuid) => c.call('PUT', `/api/base/responses/${uuid}`, '[1]'))).status).toBe(400);
    expect((await both((c, uuid) => c.call('PUT', `/api/base/responses/${uuid}`, '{"revision":'))).status).toBe(400);
    const untyped = await both((c, uuid) =>
      c.call('PUT', `/api/base/responses/${uuid}`, JSON.stringify({ revision: 2 }), { 'content-type': '' }),
    );
    expect(untyped.status).toBeGreaterThanOrEqual(400);
    const foreign = await both(save({ answers: text('x'), revision: 2 }, { origin: 'https://elsewhere.example' }));
    expect(foreign.status).toBe(403);
  });

  it('an unknown link, and a body past the general limit but within the save limit', async () => {
    const unknown = crypto.randomUUID();
    expect(
      (
        await both((c) =>
          c.call('PUT', `/api/base/responses/${unknown}`, { answers: [], revision: 0, saveId: saveId() }),
        )
      ).status,
    ).toBe(404);
    const long = await both(save({ answers: text('x'.repeat(150_000)), revision: 2 }));
    expect(long.status).not.toBe(413);
  });
});
