import { PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GraphSession, graphSession } from '../src/connectors/office365/graph-client';
import { SyncError } from '../src/connectors/sync-error';
import { type FakeMicrosoft, startFakeMicrosoft } from './fake-microsoft';
import { CLIENT_ID, CLIENT_SECRET, TENANT_ID, tenant } from './passive-office365-setup';

// Issue 35 finding 6: the links Graph answers (`@odata.nextLink`, delta links) are followed only back
// to MS_GRAPH_URL's origin under /v1.0/. Two fake Microsoft servers: the configured one, whose next
// links the test rewrites into every form a hostile or broken Graph might send, and "another host"
// (the second fake, on its own port), which must never be called.

let graph: FakeMicrosoft;
let elsewhere: FakeMicrosoft;
let session: GraphSession;
beforeAll(async () => {
  graph = await startFakeMicrosoft(tenant());
  elsewhere = await startFakeMicrosoft(tenant());
});
afterAll(async () => {
  await graph.close();
  await elsewhere.close();
});
beforeEach(() => {
  graph.calls.length = 0;
  elsewhere.calls.length = 0;
  graph.pageSize = 2;
  graph.nextLinkOf = null;
  session = graphSession(
    { MS_LOGIN_URL: graph.url, MS_GRAPH_URL: graph.url },
    { tenantId: TENANT_ID, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
    'connect',
  );
});

async function allPages() {
  const ids: string[] = [];
  for await (const page of session.pages<{ id: string }>('/users?$select=id')) ids.push(...page.value.map((u) => u.id));
  return ids;
}

const other = () => new URL(elsewhere.url);
const port = () => new URL(graph.url).port;

describe('Graph links', () => {
  it('follows next links back to the configured Graph', async () => {
    const ids = await allPages();
    expect(ids).toHaveLength(tenant().users.length);
    expect(graph.calls.length).toBe(3);
    expect(graph.calls.every((c) => c.startsWith('/v1.0/users'))).toBe(true);
  });

  // Each a next link pointing elsewhere (or not under /v1.0/); `link` turns the fake's own link into it.
  const hostile: [string, (link: string) => string][] = [
    ['a tab before another host (the issue)', () => `\t${elsewhere.url}/v1.0/users`],
    ['a path naming another host (the issue)', () => `/${elsewhere.url}/v1.0/users`],
    ['another host', () => `${elsewhere.url}/v1.0/users`],
    ['another port of the same address', (l) => l.replace(`:${port()}`, `:${other().port}`)],
    ['a protocol-relative link', () => `//${other().host}/v1.0/users`],
    ['a space before another host', () => ` ${elsewhere.url}/v1.0/users`],
    ['a newline inside the link', (l) => l.replace('/v1.0/', '/v1.0/\n')],
    ['a line separator at the end', (l) => `${l}\u2028`],
    ['a NUL inside the link', (l) => l.replace('users', 'us\u0000ers')],
    ['backslashes for slashes', () => `https:\\\\${other().host}\\v1.0\\users`],
    ['plain http', (l) => l.replace('https:', 'http:')],
    ['credentials in the authority', (l) => l.replace('https://', 'https://user:pw@')],
    ['another version', (l) => l.replace('/v1.0/', '/beta/')],
    ['dot segments leaving /v1.0/', (l) => l.replace('/v1.0/users', '/v1.0/../users')],
    ['another host in the query', (l) => `${l}&next=${elsewhere.url}/v1.0/users`],
    ['another host in the path', (l) => l.replace('/v1.0/users', `/v1.0/${elsewhere.url}/v1.0/users`)],
    ['not a URL at all', () => 'https://'],
  ];

  it.each(hostile)('refuses %s, and nothing reaches another host', async (_, link) => {
    graph.nextLinkOf = link;
    const error = await allPages().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SyncError);
    expect((error as Error).message).toBe(PASSIVE_MSG.microsoftBadLink);
    // The first page only: the link was refused before any call.
    expect(graph.calls).toEqual(['/v1.0/users?$select=id']);
    expect(elsewhere.calls).toEqual([]);
  });

  it('refuses the same forms given as a path or a stored delta link', async () => {
    for (const path of [
      `\t${elsewhere.url}/v1.0/users`,
      `/${elsewhere.url}/v1.0/users`,
      `${elsewhere.url}/v1.0/users`,
      '/users/\u0085x',
    ]) {
      await expect(session.get(path), JSON.stringify(path)).rejects.toThrow(PASSIVE_MSG.microsoftBadLink);
    }
    expect(graph.calls).toEqual([]);
    expect(elsewhere.calls).toEqual([]);
    // Our own paths and absolute links back to Graph still work.
    expect(await session.get<{ value: unknown[] }>('/users?$select=id')).toMatchObject({ value: expect.any(Array) });
    expect(await session.get<{ value: unknown[] }>(`${graph.url}/v1.0/users?$select=id`)).toMatchObject({
      value: expect.any(Array),
    });
    expect(graph.calls).toHaveLength(2);
  });
});
