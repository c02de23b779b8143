/**
 * Every procedure of appRouter, called over tRPC HTTP as anonymous, as a caller the rule admits, as a
 * member of another organization and as members the rule refuses. The table (router-access-table.ts)
 * must name every procedure: a new procedure fails the first test until it has a row.
 *
 * Adding a row: pick the rule (what trpc.ts builder the procedure uses), give `input` a minimal valid
 * input built from the fixtures (omit it for procedures without input), and, when the input names a
 * tenant-owned row, give `foreign`: how to make such a row in `other`'s organization and how to put its
 * id in the input. Nothing else is needed; the describe blocks below pick the row up.
 */
import { randomUUID } from 'node:crypto';
import { eq, users } from '@tieline/db';
import { API_KEY_MSG, MSG, PASSIVE_MSG } from '@tieline/validation';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Request, Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirePassiveManager, requirePassivePeople } from '../src/access/passive-data';
import { createContextFactory } from '../src/context';
import { appRouter } from '../src/root';
import {
  accountOwnerProcedure,
  createCallerFactory,
  orgAdminProcedure,
  orgOwnerProcedure,
  passiveDataProcedure,
  protectedProcedure,
  publicProcedure,
  router,
  sessionProcedure,
  superAdminProcedure,
} from '../src/trpc';
import { type FakeMicrosoft, startFakeMicrosoft } from './fake-microsoft';
import { type FakeSlack, startFakeSlack } from './fake-slack';
import { RestClient, randomAddress, type SeedRole, seedUser, startTestApp, type TestApp } from './helpers';
import { tenant } from './passive-office365-setup';
import {
  type Answer,
  apiKeyOf,
  deadApiKeys,
  type Fixtures,
  HIDDEN,
  type Rule,
  withModules,
} from './router-access-fixtures';
import { PROCEDURES } from './router-access-table';

/** The weakest caller each rule admits, and the signed-in callers it must refuse with 403. */
const ADMITTED: Record<Rule, SeedRole> = {
  public: 'individual',
  signedIn: 'simplified',
  orgAdmin: 'admin',
  orgOwner: 'owner',
  accountOwner: 'owner',
  superAdmin: 'superAdmin',
  passiveManager: 'admin',
  // A member without a manager role, granted person-level passive data (seedFor grants it).
  passivePeople: 'simplified',
};
const REFUSED: Record<Rule, SeedRole[]> = {
  public: [],
  signedIn: [],
  orgAdmin: ['simplified', 'individual'],
  orgOwner: ['admin', 'simplified', 'individual'],
  accountOwner: ['admin', 'simplified'],
  superAdmin: ['owner', 'admin', 'individual'],
  passiveManager: ['simplified'],
  passivePeople: ['simplified'],
};

/**
 * A seeded caller for a rule, with the modules that are off by default on (passiveData for
 * passiveManager procedures, AONA and meltwater for all): modules are router-access-modules.test.ts's business.
 */
async function seedFor(rule: Rule, role: SeedRole, granted = false) {
  const user = await seedUser(app, role);
  if (granted)
    await app.server.deps.db.update(users).set({ personLevelPassive: true }).where(eq(users.id, user.userId));
  const passive = rule === 'passiveManager' || rule === 'passivePeople';
  return withModules(app, user, passive ? ['passiveData', 'AONA', 'meltwater'] : ['AONA', 'meltwater']);
}

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  middlewares: unknown[];
}
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
/** Rows of procedures that exist; a row without one fails the first test instead. */
const rows = Object.entries(PROCEDURES).filter(([path]) => path in procedures);
const withRule = (...rules: Rule[]) => rows.filter(([, row]) => rules.includes(row.rule));

let app: TestApp;
let slack: FakeSlack;
let microsoft: FakeMicrosoft;
beforeAll(async () => {
  // passiveData.office365.connect asks Microsoft: a fake one on loopback, which refuses the row's secret.
  microsoft = await startFakeMicrosoft(tenant());
  // passiveData.slack.connect asks Slack: a fake one on loopback, with an empty workspace.
  slack = await startFakeSlack({
    team: { id: 'T0ACCESS', name: 'Access', domain: 'access' },
    users: [],
    channels: [],
    messages: {},
    usergroups: [],
  });
  app = await startTestApp({
    smtp: false,
    env: { SLACK_API_URL: slack.url, MS_LOGIN_URL: microsoft.url, MS_GRAPH_URL: microsoft.url },
  });
});
afterAll(async () => {
  await app.close();
  await slack.close();
  await microsoft.close();
});

async function fixtures(rule: Rule): Promise<Fixtures> {
  const [me, other] = await Promise.all([
    seedFor(rule, ADMITTED[rule], rule === 'passivePeople'),
    seedFor(rule, 'owner'),
  ]);
  return { app, me, other };
}

/**
 * One call as the admin app makes it (tRPC over HTTP), from a fresh address so limits do not add up;
 * as a script makes it when given an API key.
 */
async function call(path: string, input: unknown, cookie = '', apiKey?: string): Promise<Answer> {
  const client = new RestClient(app.url, randomAddress());
  client.cookie = cookie;
  const auth: Record<string, string> = apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` };
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res =
    procedures[path]!._def.type === 'query'
      ? await client.call('GET', `/api/trpc/${path}${query}`, undefined, auth)
      : await client.call('POST', `/api/trpc/${path}`, input, { 'content-type': 'application/json', ...auth });
  return { status: res.status, message: res.body?.error?.message };
}

const notSignedIn: Answer = { status: 401, message: MSG.notSignedIn };
const forbidden: Answer = { status: 403, message: MSG.forbidden };
/** What a rule answers a signed-in caller it refuses. */
const refusal = (rule: Rule): Answer =>
  rule === 'passiveManager'
    ? { status: 403, message: PASSIVE_MSG.managersOnly }
    : rule === 'passivePeople'
      ? { status: 403, message: PASSIVE_MSG.peopleOnly }
      : forbidden;

function expectAdmitted(answer: Answer) {
  expect([401, 403], `answered ${answer.status} ${answer.message}`).not.toContain(answer.status);
  expect(answer.status).toBeLessThan(500);
}

describe('the access table', () => {
  it('names every procedure of appRouter, and only those', () => {
    const missing = Object.keys(procedures).filter((p) => !(p in PROCEDURES));
    const gone = Object.keys(PROCEDURES).filter((p) => !(p in procedures));
    expect({ missing, gone }).toEqual({ missing: [], gone: [] });
  });

  it('holds queries and mutations only (subscriptions would need another transport here)', () => {
    const kinds = new Set(Object.values(procedures).map((p) => p._def.type));
    expect([...kinds].filter((k) => k !== 'query' && k !== 'mutation')).toEqual([]);
  });
});

describe('anonymous callers', () => {
  it.each(rows)('%s', async (path, row) => {
    const f = await fixtures(row.rule);
    const answer = await call(path, await row.input?.(f));
    if (row.rule === 'public') expectAdmitted(answer);
    else expect(answer).toEqual(notSignedIn);
  });
});

describe('API keys that name nobody (revoked, expired, malformed), sent with a session cookie', () => {
  // Answered as anonymous calls are: a Bearer call is the key's alone, the cookie is never read.
  // Fresh fixtures per key: some public inputs (a TOTP code) are good for one call only.
  it.each(rows)('%s', async (path, row) => {
    for (const kind of ['revoked', 'expired', 'malformed'] as const) {
      const f = await fixtures(row.rule);
      const answer = await call(path, await row.input?.(f), f.me.cookie, (await deadApiKeys(f))[kind]);
      if (row.rule === 'public') expectAdmitted(answer);
      else expect(answer, kind).toEqual(notSignedIn);
    }
  });
});

describe('callers by a live API key of the admitted user, without a cookie', () => {
  // The key acts as its user everywhere, except where sessionProcedure refuses keys.
  const sessionOnly = (path: string) =>
    sessionProcedure._def.middlewares.every((m) => procedures[path]!._def.middlewares.includes(m));
  it.each(withRule('signedIn', 'orgAdmin', 'orgOwner', 'accountOwner', 'superAdmin', 'passivePeople'))(
    '%s',
    async (path, row) => {
      const f = await fixtures(row.rule);
      const answer = await call(path, await row.input?.(f), '', (await apiKeyOf(f, f.me)).key);
      if (sessionOnly(path)) expect(answer).toEqual({ status: 403, message: API_KEY_MSG.notWithKey });
      else expectAdmitted(answer);
    },
  );
});

describe('callers the rule admits', () => {
  it.each(withRule('signedIn', 'orgAdmin', 'orgOwner', 'accountOwner', 'superAdmin', 'passivePeople'))(
    '%s',
    async (path, row) => {
      const f = await fixtures(row.rule);
      expectAdmitted(await call(path, await row.input?.(f), f.me.cookie));
    },
  );
});

describe("a member of another organization, naming that organization's rows", () => {
  it.each(rows.filter(([, row]) => row.foreign))('%s', async (path, row) => {
    const f = await fixtures(row.rule);
    const foreign = row.foreign!;
    const expected = foreign.answer ?? HIDDEN;
    expect(await call(path, foreign.input(await foreign.id(f)), f.me.cookie)).toEqual(expected);
    // Indistinguishable from an id that names nothing.
    expect(await call(path, foreign.input(randomUUID()), f.me.cookie)).toEqual(expected);
  });
});

describe('members without the permission', () => {
  // No orgAdmin or superAdmin procedure exists yet: the probe router below proves the refused roles
  // against the same builders meanwhile, so the first such procedure is checked the day it lands.
  const cases = withRule('orgAdmin', 'orgOwner', 'accountOwner', 'superAdmin', 'passivePeople').flatMap(([path, row]) =>
    REFUSED[row.rule].map((role) => [path, role, row] as const),
  );
  it.each(cases)('%s as %s', async (path, role, row) => {
    const f = await fixtures(row.rule);
    const caller = await seedFor(row.rule, role);
    expect(await call(path, await row.input?.(f), caller.cookie)).toEqual(refusal(row.rule));
  });

  const probe = router({
    public: publicProcedure.query(() => 'ok'),
    signedIn: protectedProcedure.query(() => 'ok'),
    orgAdmin: orgAdminProcedure.query(() => 'ok'),
    orgOwner: orgOwnerProcedure.query(() => 'ok'),
    accountOwner: accountOwnerProcedure.query(() => 'ok'),
    superAdmin: superAdminProcedure.query(() => 'ok'),
    passiveManager: passiveDataProcedure.query(({ ctx }) => {
      requirePassiveManager(ctx.caller.actor);
      return 'ok';
    }),
    passivePeople: passiveDataProcedure.query(({ ctx }) => {
      requirePassivePeople(ctx.caller.actor);
      return 'ok';
    }),
  });

  /** Through createCaller with the server's own context factory; the request carries only what it reads. */
  async function callProbe(rule: Rule, cookie?: string): Promise<Answer> {
    const req = { headers: cookie ? { cookie } : {}, ip: randomAddress(), socket: {} } as unknown as Request;
    const ctx = await createContextFactory(app.server.deps)({ req, res: {} as Response });
    return createCallerFactory(probe)(ctx)
      [rule]()
      .then(
        () => ({ status: 200, message: undefined }),
        (e) => ({ status: getHTTPStatusCodeFromError(e), message: e.message }),
      );
  }

  it.each(Object.keys(ADMITTED) as Rule[])('probe procedure built like a %s one', async (rule) => {
    const admitted = await seedFor(rule, ADMITTED[rule], rule === 'passivePeople');
    expect(await callProbe(rule, admitted.cookie)).toEqual({ status: 200, message: undefined });
    expect(await callProbe(rule)).toEqual(rule === 'public' ? { status: 200, message: undefined } : notSignedIn);
    for (const role of REFUSED[rule]) {
      expect(await callProbe(rule, (await seedFor(rule, role)).cookie), role).toEqual(refusal(rule));
    }
  });
});
