/**
 * Modules are enforced on the server (issue 21): every procedure names the module that guards it or why
 * none does (router-access-modules-table.ts), and a caller without the module is refused with 403 and a
 * message naming it, over tRPC, the REST bridge and the express routes alike. Respondent links and
 * networks shared with the caller are not module-gated.
 */
import { eq, networkShares, organizations, responses, users } from '@tieline/db';
import { MODULES, moduleOffMessage, type TModuleName, type TModules } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/root';
import type { Meta } from '../src/trpc';
import { RestClient, randomAddress, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { apiKeyOf, type Fixtures, linkedSurvey, networkOf, surveyOf } from './router-access-fixtures';
import { MODULE_OF } from './router-access-modules-table';

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  meta?: Meta;
}
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
const gated = Object.entries(MODULE_OF).flatMap(([path, row]) =>
  'module' in row && !row.byShare && path in procedures ? [[path, row.module] as const] : [],
);

const modulesWith = (on: (m: TModuleName) => boolean) =>
  Object.fromEntries(MODULES.map((m) => [m, { enabled: on(m) }])) as TModules;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

async function withModules(user: SeededUser, modules: TModules) {
  await app.server.deps.db.update(users).set({ modules }).where(eq(users.id, user.userId));
  return user;
}

/** A call as the admin app makes it (tRPC over HTTP), or as a script with an API key. */
async function call(path: string, cookie: string, input?: unknown, apiKey?: string) {
  const client = new RestClient(app.url, randomAddress());
  client.cookie = cookie;
  const auth: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res =
    procedures[path]!._def.type === 'query'
      ? await client.call('GET', `/api/trpc/${path}${query}`, undefined, auth)
      : await client.call('POST', `/api/trpc/${path}`, input ?? {}, { origin: app.url, ...auth });
  return { status: res.status, message: res.body?.error?.message as string | undefined, body: res.body };
}

const refused = (m: TModuleName) => ({ status: 403, message: moduleOffMessage(m) });

describe('the module table', () => {
  it('names every procedure of appRouter, and only those', () => {
    const missing = Object.keys(procedures).filter((p) => !(p in MODULE_OF));
    const gone = Object.keys(MODULE_OF).filter((p) => !(p in procedures));
    expect({ missing, gone }).toEqual({ missing: [], gone: [] });
  });

  it("matches what each procedure declares (trpc.ts Meta: the router's choice)", () => {
    const declared = Object.fromEntries(
      Object.entries(procedures).map(([path, p]) => {
        const meta = p._def.meta;
        return [path, meta?.module ? { module: meta.module, byShare: !!meta.byShare } : null];
      }),
    );
    const tabled = Object.fromEntries(
      Object.entries(MODULE_OF).map(([path, row]) => [
        path,
        'module' in row ? { module: row.module, byShare: !!row.byShare } : null,
      ]),
    );
    expect(declared).toEqual(tabled);
  });

  it('gives every procedure of no module its reason', () => {
    const bare = Object.entries(MODULE_OF).filter(([, row]) => 'none' in row && row.none.trim().length < 20);
    expect(bare).toEqual([]);
  });
});

describe('a caller without the module', () => {
  let off: SeededUser;
  let onlyOthers: Record<TModuleName, SeededUser>;
  beforeAll(async () => {
    off = await withModules(
      await seedUser(app, 'owner'),
      modulesWith(() => false),
    );
    // For each module, a user with every other module on: the refusal is that module's, not another's.
    const entries = await Promise.all(
      MODULES.map(async (m) => [
        m,
        await withModules(
          await seedUser(app, 'owner'),
          modulesWith((x) => x !== m),
        ),
      ]),
    );
    onlyOthers = Object.fromEntries(entries);
  });

  it.each(gated)('%s is refused, naming %s', async (path, module) => {
    expect(await call(path, off.cookie)).toMatchObject(refused(module));
    expect(await call(path, onlyOthers[module].cookie)).toMatchObject(refused(module));
  });

  it("is refused the owner's own name search (the builder's preview), while the survey's respondents keep it", async () => {
    const f = { app, me: off, other: off } as Fixtures;
    const { people, randomUUID } = await linkedSurvey(f, off);
    const owner = await call('nodes.getMatchingNodes', off.cookie, { listId: people, name: 'ad', page: 1, limit: 10 });
    expect(owner).toMatchObject(refused('surveys'));
    const byLink = await call('nodes.getMatchingNodes', '', {
      listId: people,
      name: 'ad',
      page: 1,
      limit: 10,
      randomUUID,
    });
    expect(byLink.status).toBe(200);
  });

  it('is refused by API key too', async () => {
    const { key } = await apiKeyOf({ app, me: off, other: off } as Fixtures, off);
    expect(await call('surveys.list', '', undefined, key)).toMatchObject(refused('surveys'));
    expect(await call('networks.list', '', undefined, key)).toMatchObject(refused('networks'));
  });

  it('is refused on the documented REST paths with { message }', async () => {
    const client = new RestClient(app.url);
    client.cookie = off.cookie;
    const networks = await client.get('/networks');
    expect({ status: networks.status, message: networks.body.message }).toEqual(refused('networks'));
    const surveys = await client.get('/surveys');
    expect({ status: surveys.status, message: surveys.body.message }).toEqual(refused('surveys'));
  });

  it("is refused on the express routes (uploads, downloads), before reading the body or the caller's rows", async () => {
    const f = { app, me: off, other: off } as Fixtures;
    const { surveyId } = await surveyOf(f, off);
    const networkId = await networkOf(f, off);
    const { people } = await linkedSurvey(f, off);
    const multipart = { 'content-type': 'multipart/form-data; boundary=x', origin: app.url };
    const client = new RestClient(app.url);
    client.cookie = off.cookie;
    const cases: [string, string, TModuleName, Record<string, string>?][] = [
      ['POST', '/api/base/networks', 'networks', multipart],
      ['POST', `/api/base/networks/${networkId}/users/upload`, 'networks', multipart],
      ['GET', `/api/base/networks/${networkId}/export/json`, 'networks'],
      ['GET', `/api/base/networks/${networkId}/metrics`, 'networks'],
      ['POST', `/api/base/lists/uploadRespondentList/${surveyId}`, 'surveys', multipart],
      ['POST', `/api/base/lists/uploadSupplementaryList/${surveyId}`, 'surveys', multipart],
      ['GET', `/api/base/lists/getIndividualList/${people}/XLSX`, 'surveys'],
      ['PUT', `/api/base/surveys/uploadImage/${surveyId}`, 'surveys', multipart],
      ['GET', `/api/base/responses/all/${surveyId}/xlsx`, 'surveys'],
    ];
    for (const [method, path, module, headers] of cases) {
      const res = await client.call(method, path, headers ? '--x--\r\n' : undefined, headers);
      expect({ path, status: res.status, message: res.body?.message }, path).toEqual({ path, ...refused(module) });
    }
  });
});

describe('what modules do not gate', () => {
  it("lets a network's shares open it without the networks module, and not its owner", async () => {
    const owner = await withModules(
      await seedUser(app, 'owner'),
      modulesWith(() => false),
    );
    const viewer = await withModules(
      await seedUser(app, 'individual'),
      modulesWith(() => false),
    );
    const f = { app, me: owner, other: viewer } as Fixtures;
    const id = await networkOf(f, owner);
    await app.server.deps.db
      .insert(networkShares)
      .values({ networkId: id, userLoginId: viewer.loginId, permission: 'View' });
    for (const path of ['networks.get', 'networks.data', 'networks.views.list']) {
      expect(await call(path, owner.cookie, { id }), path).toMatchObject(refused('networks'));
      expect((await call(path, viewer.cookie, { id })).status, path).toBe(200);
    }
    const client = new RestClient(app.url);
    client.cookie = viewer.cookie;
    expect((await client.call('GET', `/api/base/networks/${id}/export/json?metrics=false`)).status).toBe(200);
    // Everything that makes or lists the caller's own networks still needs the module.
    expect(await call('networks.duplicate', viewer.cookie, { id })).toMatchObject(refused('networks'));
    expect(await call('networks.list', viewer.cookie, {})).toMatchObject(refused('networks'));
  });

  it("lets respondents answer whatever the survey owner's modules", async () => {
    const owner = await withModules(
      await seedUser(app, 'owner'),
      modulesWith(() => false),
    );
    const f = { app, me: owner, other: owner } as Fixtures;
    const { randomUUID, surveyId } = await linkedSurvey(f, owner);
    const respondent = new RestClient(app.url);
    expect((await respondent.get(`/responses/${randomUUID}`)).status).toBe(200);
    expect((await respondent.get(`/responses/start/${surveyId}`)).status).toBe(200);
    const [row] = await app.server.deps.db.select().from(responses).where(eq(responses.randomUuid, randomUUID));
    expect(row).toBeDefined();
  });
});

describe("an organization's modules", () => {
  it("bound its members' own: off for the organization is off for them, on the server and in the user's modules", async () => {
    const member = await seedUser(app, 'admin');
    await withModules(
      member,
      modulesWith(() => true),
    );
    await app.server.deps.db
      .update(organizations)
      .set({ modules: modulesWith((m) => m !== 'surveys') })
      .where(eq(organizations.id, member.organizationId!));
    expect(await call('surveys.list', member.cookie, {})).toMatchObject(refused('surveys'));
    expect((await call('networks.list', member.cookie, {})).status).toBe(200);
    const me = await call('users.me', member.cookie);
    expect(me.body.result.data.billing.modules.surveys).toEqual({ enabled: false });
    expect(me.body.result.data.billing.modules.networks).toEqual({ enabled: true });
  });
});
