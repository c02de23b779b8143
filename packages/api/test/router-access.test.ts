/**
 * Every procedure of appRouter, called over tRPC HTTP as anonymous, as a caller the rule admits, as a
 * member of another organization and as members the rule refuses. The table below must name every
 * procedure: a new procedure fails the first test until it has a row.
 *
 * Adding a row: pick the rule (what trpc.ts builder the procedure uses), give `input` a minimal valid
 * input built from the fixtures (omit it for procedures without input), and, when the input names a
 * tenant-owned row, give `foreign`: how to make such a row in `other`'s organization and how to put its
 * id in the input. Nothing else is needed; the describe blocks below pick the row up.
 */
import { randomUUID } from 'node:crypto';
import { tempUsers } from '@tieline/db';
import { API_KEY_MSG, MSG } from '@tieline/validation';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Request, Response } from 'express';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateToken, hashToken } from '../src/auth/tokens';
import { createContextFactory } from '../src/context';
import { appRouter } from '../src/root';
import {
  createCallerFactory,
  orgAdminProcedure,
  protectedProcedure,
  publicProcedure,
  router,
  sessionProcedure,
  superAdminProcedure,
} from '../src/trpc';
import {
  newAccount,
  RestClient,
  randomAddress,
  type SeedRole,
  seedUser,
  startTestApp,
  type TestApp,
  turnOnTwoFactor,
} from './helpers';
import {
  type Answer,
  apiKeyOf,
  DAY,
  deadApiKeys,
  emailedToken,
  type Fixtures,
  HIDDEN,
  linkedSurvey,
  listHidden,
  onNetwork,
  onResponse,
  onSurvey,
  onSurveyVerified,
  type Row,
  type Rule,
  SURVEY_HIDDEN,
  surveyWithList,
  testEmailOf,
} from './router-access-fixtures';

/** The weakest caller each rule admits, and the signed-in callers it must refuse with 403. */
const ADMITTED: Record<Rule, SeedRole> = {
  public: 'individual',
  signedIn: 'simplified',
  orgAdmin: 'admin',
  superAdmin: 'superAdmin',
};
const REFUSED: Record<Rule, SeedRole[]> = {
  public: [],
  signedIn: [],
  orgAdmin: ['simplified', 'individual'],
  superAdmin: ['owner', 'admin', 'individual'],
};
const PROCEDURES: Record<string, Row> = {
  'config.get': { rule: 'public' },
  // Public, but gated by configuration: readable here (no SMTP, loopback only); 404 otherwise, which
  // http-guards.test.ts covers.
  'outbox.list': { rule: 'public' },
  'userLogins.signUp': { rule: 'public', input: () => newAccount() },
  'userLogins.signIn': {
    rule: 'public',
    input: async ({ app }) => {
      const { email, password } = await seedUser(app, 'individual', { withPassword: true });
      return { email, password };
    },
  },
  'userLogins.twoFactorSignIn': {
    rule: 'public',
    input: async ({ app }) => {
      const { email, password } = await seedUser(app, 'individual', { withPassword: true });
      const secret = await turnOnTwoFactor(app, email);
      return { email, password, token: await generate({ secret }) };
    },
  },
  'userLogins.switchUser': {
    rule: 'signedIn',
    input: ({ me }) => ({ userId: me.userId }),
    // Answers as sign-in's choose-organization step does for a user of another login: 400, same as an
    // unknown id (so nothing leaks), though not the 404 the architecture asks for tenant ids.
    foreign: {
      id: ({ other }) => other.userId,
      input: (userId) => ({ userId }),
      answer: { status: 400, message: MSG.userNotFound },
    },
  },
  'userLogins.signOut': { rule: 'public' },
  'userLogins.verifyEmail': { rule: 'public', input: async (f) => ({ token: await emailedToken(f, 'verify') }) },
  'userLogins.resendVerificationEmail': { rule: 'signedIn' },
  'userLogins.forgotPassword': { rule: 'public', input: ({ me }) => ({ email: me.email }) },
  'userLogins.resetPassword': {
    rule: 'public',
    input: async (f) => ({ token: await emailedToken(f, 'reset'), password: 'a new long secret' }),
  },
  'userLogins.resetPasswordWithTwoFactorAuth': {
    rule: 'public',
    input: async (f) => {
      const secret = await turnOnTwoFactor(f.app, f.me.email);
      const resetToken = await emailedToken(f, 'reset');
      return { resetToken, password: 'a new long secret', token: await generate({ secret }) };
    },
  },
  'userLogins.checkUsername': { rule: 'public', input: () => ({ username: `free-${randomUUID().slice(0, 8)}` }) },
  'userLogins.checkEmail': { rule: 'public', input: () => ({ email: `${randomUUID()}@example.com` }) },
  'userLogins.heartbeat': { rule: 'signedIn' },
  'users.me': { rule: 'signedIn' },
  'users.accounts': { rule: 'signedIn' },
  'tempUsers.get': {
    rule: 'public',
    input: async ({ app, other }) => {
      const token = generateToken();
      const { email, name } = newAccount('invitee');
      await app.server.deps.db.insert(tempUsers).values({
        id: hashToken(token),
        email,
        name,
        organizationId: other.organizationId!,
        permission: 'Admin',
        expiresAt: new Date(Date.now() + DAY),
      });
      return { id: token };
    },
  },
  'support.request': { rule: 'public', input: () => ({ email: 'someone@example.com', message: 'Help, please' }) },
  'surveys.byRandomUUID': { rule: 'public', input: async (f) => ({ id: (await linkedSurvey(f)).randomUUID }) },
  'surveys.byTestEmailId': { rule: 'public', input: async (f) => ({ id: await testEmailOf(f) }) },
  'lists.getNecessaryByTestEmailId': { rule: 'public', input: async (f) => ({ id: await testEmailOf(f) }) },
  // Support replay: the survey's owner and organization Owner/Admins (super admins too, see
  // responses-history.test.ts); another tenant's response is 404 as an unknown id.
  'responses.history.get': {
    rule: 'signedIn',
    input: async (f) => ({ responseId: (await linkedSurvey(f)).responseId }),
    foreign: {
      id: async (f) => (await linkedSurvey(f, f.other)).responseId,
      input: (responseId) => ({ responseId }),
    },
  },
  'responses.get': { rule: 'public', input: async (f) => ({ randomUUID: (await linkedSurvey(f)).randomUUID }) },
  'responses.save': {
    rule: 'public',
    input: async (f) => ({
      randomUUID: (await linkedSurvey(f)).randomUUID,
      answers: [],
      revision: 0,
      saveId: 'save-0001',
    }),
  },
  'responses.startPage': { rule: 'public', input: async (f) => ({ surveyId: (await linkedSurvey(f)).surveyId }) },
  'responses.start': { rule: 'public', input: async (f) => ({ surveyId: (await linkedSurvey(f)).surveyId }) },
  'responses.respondentAddedByRespondent': {
    rule: 'public',
    input: async (f) => {
      const { surveyId, randomUUID } = await linkedSurvey(f);
      return { surveyId, randomUUID, name: 'Grace Hopper', email: 'grace@example.com' };
    },
  },
  'responses.suppListItemAddedByRespondent': {
    rule: 'public',
    input: async (f) => {
      const { surveyId, randomUUID, teams } = await linkedSurvey(f);
      return { surveyId, randomUUID, name: 'West', listId: teams };
    },
  },
  'nodes.getMatchingNodes': {
    rule: 'public',
    input: async (f) => {
      const { randomUUID, people } = await linkedSurvey(f);
      return { listId: people, randomUUID, name: 'a' };
    },
  },
  'lists.getNecessaryByRandomUUID': {
    rule: 'public',
    input: async (f) => ({ id: (await linkedSurvey(f)).randomUUID }),
  },
  'lists.getNecessary': {
    rule: 'signedIn',
    input: async (f) => ({ surveyId: (await surveyWithList(f, f.me.userId)).surveyId }),
    foreign: {
      id: async (f) => (await surveyWithList(f, f.other.userId)).surveyId,
      input: (surveyId) => ({ surveyId }),
      answer: SURVEY_HIDDEN,
    },
  },
  'surveys.list': { rule: 'signedIn', input: () => ({}) },
  'surveys.create': { rule: 'signedIn', input: () => ({ name: 'Pulse' }) },
  'surveys.get': onSurvey(({ surveyId }) => ({ id: surveyId })),
  'surveys.update': onSurvey(({ surveyId }) => ({ id: surveyId, survey: { version: 1, name: 'Renamed' } })),
  'surveys.duplicate': onSurvey(({ surveyId }) => ({ id: surveyId })),
  'surveys.delete': onSurvey(({ surveyId }) => ({ id: surveyId })),
  'surveys.questions.update': onSurvey((ids) => ({ ...ids, version: 1, question: { isRequired: true } })),
  'surveys.questions.insert': onSurvey(({ surveyId }) => ({ surveyId, version: 1, index: 0, type: 'pageBreak' })),
  'surveys.questions.duplicate': onSurvey((ids) => ({ ...ids, version: 1 })),
  'surveys.questions.delete': onSurvey((ids) => ({ ...ids, version: 1 })),
  'emails.send': onSurveyVerified(({ surveyId }) => ({
    surveyId,
    subject: 'S',
    body: '<p>B</p>',
    plainHTML: false,
    statuses: { 'Not Sent': true },
  })),
  'emails.test': onSurveyVerified(({ surveyId }) => ({
    surveyId,
    subject: 'S',
    body: '<p>B</p>',
    to: 'tester@example.com',
  })),
  'emails.sends': onSurvey(({ surveyId }) => ({ surveyId })),
  'surveys.questions.reorder': onSurvey(({ surveyId, questionId }) => ({ surveyId, version: 1, order: [questionId] })),
  'surveys.webhooks.log': onSurvey(({ surveyId }) => ({ surveyId })),
  'surveys.webhooks.secret': onSurvey(({ surveyId }) => ({ surveyId })),
  'surveys.webhooks.rotateSecret': onSurvey(({ surveyId }) => ({ surveyId })),
  'responses.dashboard.paged': onSurvey(({ surveyId }) => ({ surveyId })),
  'responses.dashboard.search': onSurvey(({ surveyId }) => ({ surveyId, searchText: 'a' })),
  'responses.dashboard.counts': onSurvey(({ surveyId }) => ({ id: surveyId })),
  'responses.dashboard.timeline': onSurvey(({ surveyId }) => ({ surveyId })),
  'responses.dashboard.clearAll': onSurvey(({ surveyId }) => ({ surveyId })),
  'responses.dashboard.updateStatus': onResponse((responseId) => ({ responseId, status: 'Starred' })),
  'responses.dashboard.updateAddress': onResponse((responseId) => ({ responseId, email: 'moved@example.com' })),
  'networks.list': { rule: 'signedIn', input: () => ({}) },
  'networks.get': onNetwork((id) => ({ id })),
  'networks.data': onNetwork((id) => ({ id })),
  'networks.update': onNetwork((id) => ({ id, version: 1, name: 'Renamed' })),
  'networks.duplicate': onNetwork((id) => ({ id })),
  'networks.delete': onNetwork((id) => ({ id })),
  'networks.deleteSelected': onNetwork((id) => ({ ids: [id] })),
  'networks.combine': onNetwork((id) => ({ ids: [id, randomUUID()], name: 'Both', directed: true })),
  'networks.metrics': onNetwork((id) => ({ id })),
  'networks.survey.create': onSurvey(({ surveyId }) => ({ surveyId })),
  'networks.survey.refresh': onNetwork((id) => ({ id })),
  'networks.users.list': onNetwork((id) => ({ id })),
  'networks.users.add': onNetwork((id) => ({ id, email: 'someone@example.com', permission: 'View' })),
  'networks.users.edit': onNetwork((id) => ({ id, userId: randomUUID(), permission: 'Edit' })),
  'networks.users.remove': onNetwork((id) => ({ id, userId: randomUUID() })),
  'networks.views.list': onNetwork((id) => ({ id })),
  'networks.views.create': onNetwork((id) => ({ id, name: 'View', state: { v: 1 } })),
  'networks.views.update': onNetwork((id) => ({ id, viewId: randomUUID(), version: 1, name: 'Renamed' })),
  'networks.views.delete': onNetwork((id) => ({ id, viewId: randomUUID() })),
  'apiKeys.list': { rule: 'signedIn' },
  'apiKeys.create': { rule: 'signedIn', input: () => ({ name: 'Script' }) },
  'apiKeys.revoke': {
    rule: 'signedIn',
    input: async (f) => ({ id: (await apiKeyOf(f, f.me)).id }),
    foreign: {
      id: async (f) => (await apiKeyOf(f, f.other)).id,
      input: (id) => ({ id }),
      answer: { status: 404, message: API_KEY_MSG.notFound },
    },
  },
  'lists.all': {
    rule: 'signedIn',
    input: async (f) => ({ surveyId: (await surveyWithList(f, f.me.userId)).surveyId }),
    foreign: {
      id: async (f) => (await surveyWithList(f, f.other.userId)).surveyId,
      input: (surveyId) => ({ surveyId }),
      answer: { status: 404, message: MSG.surveyNotFound },
    },
  },
  'lists.update': {
    rule: 'signedIn',
    input: async (f) => ({ listId: (await surveyWithList(f, f.me.userId)).listId, title: 'Renamed' }),
    foreign: {
      id: async (f) => (await surveyWithList(f, f.other.userId)).listId,
      input: (listId) => ({ listId, title: 'Renamed' }),
      answer: listHidden,
    },
  },
  'lists.delete': {
    rule: 'signedIn',
    input: async (f) => ({ id: (await surveyWithList(f, f.me.userId)).listId }),
    foreign: {
      id: async (f) => (await surveyWithList(f, f.other.userId)).listId,
      input: (id) => ({ id }),
      answer: listHidden,
    },
  },
};

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  middlewares: unknown[];
}
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
/** Rows of procedures that exist; a row without one fails the first test instead. */
const rows = Object.entries(PROCEDURES).filter(([path]) => path in procedures);
const withRule = (...rules: Rule[]) => rows.filter(([, row]) => rules.includes(row.rule));

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

async function fixtures(rule: Rule): Promise<Fixtures> {
  const [me, other] = await Promise.all([seedUser(app, ADMITTED[rule]), seedUser(app, 'owner')]);
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
  it.each(withRule('signedIn', 'orgAdmin', 'superAdmin'))('%s', async (path, row) => {
    const f = await fixtures(row.rule);
    const answer = await call(path, await row.input?.(f), '', (await apiKeyOf(f, f.me)).key);
    if (sessionOnly(path)) expect(answer).toEqual({ status: 403, message: API_KEY_MSG.notWithKey });
    else expectAdmitted(answer);
  });
});

describe('callers the rule admits', () => {
  it.each(withRule('signedIn', 'orgAdmin', 'superAdmin'))('%s', async (path, row) => {
    const f = await fixtures(row.rule);
    expectAdmitted(await call(path, await row.input?.(f), f.me.cookie));
  });
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
  const cases = withRule('orgAdmin', 'superAdmin').flatMap(([path, row]) =>
    REFUSED[row.rule].map((role) => [path, role, row] as const),
  );
  it.each(cases)('%s as %s', async (path, role, row) => {
    const f = await fixtures(row.rule);
    const caller = await seedUser(app, role);
    expect(await call(path, await row.input?.(f), caller.cookie)).toEqual(forbidden);
  });

  const probe = router({
    public: publicProcedure.query(() => 'ok'),
    signedIn: protectedProcedure.query(() => 'ok'),
    orgAdmin: orgAdminProcedure.query(() => 'ok'),
    superAdmin: superAdminProcedure.query(() => 'ok'),
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
    const admitted = await seedUser(app, ADMITTED[rule]);
    expect(await callProbe(rule, admitted.cookie)).toEqual({ status: 200, message: undefined });
    expect(await callProbe(rule)).toEqual(rule === 'public' ? { status: 200, message: undefined } : notSignedIn);
    for (const role of REFUSED[rule]) {
      expect(await callProbe(rule, (await seedUser(app, role)).cookie), role).toEqual(forbidden);
    }
  });
});
