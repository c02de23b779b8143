// Rows the access table (router-access.test.ts) names: tenant-owned rows made straight in the database.
import { randomUUID } from 'node:crypto';
import {
  apiKeys,
  emailTokens,
  eq,
  lists,
  organizations,
  payments,
  responses,
  surveys,
  testEmails,
  userLogins,
  users,
} from '@tieline/db';
import { emptyNetwork } from '@tieline/graph';
import {
  DASHBOARD_MSG,
  DISCOVER_MSG,
  LIST_MSG,
  MSG,
  NETWORK_MSG,
  newQuestion,
  SERIES_MSG,
  type TModuleName,
} from '@tieline/validation';
import { generateApiKey } from '../src/auth/api-keys';
import { generateToken, hashToken } from '../src/auth/tokens';
import { DISCOVER_EXAMPLES } from '../src/seed/discover-examples';
import type { SeededUser, TestApp } from './helpers';

export interface Fixtures {
  app: TestApp;
  /** A user the rule admits (for anonymous calls too, so inputs can name their own rows). */
  me: SeededUser;
  /** The owner of another organization, on another login. */
  other: SeededUser;
}

export async function surveyOf(f: Fixtures, owner: SeededUser) {
  const question = newQuestion('freeFormText', randomUUID, null);
  const [survey] = await f.app.server.deps.db
    .insert(surveys)
    .values({ ownerId: owner.userId, name: 'Pulse', questions: [{ ...question, text: '<p>Why?</p>' }] })
    .returning();
  return { surveyId: survey!.id, questionId: question._id };
}

/** A response (with an email) on a survey of `owner`; answers its id. */
export async function responseOf(f: Fixtures, owner: SeededUser) {
  const { surveyId } = await surveyOf(f, owner);
  const [response] = await f.app.server.deps.db
    .insert(responses)
    .values({ surveyId, nodeName: 'Ada', nodeEmail: `ada-${randomUUID()}@example.com` })
    .returning();
  return response!.id;
}

/** A row for a procedure on one of the caller's surveys: `input` from its ids; another tenant's is 404. */

export const DAY = 86_400_000;
/** A live emailed token of `kind` for the login, as the mail would carry it. */
export async function emailedToken(f: Fixtures, kind: 'verify' | 'reset') {
  const token = generateToken();
  await f.app.server.deps.db
    .insert(emailTokens)
    .values({ id: hashToken(token), kind, userLoginId: f.me.loginId, expiresAt: new Date(Date.now() + DAY) });
  return token;
}

/** A survey of `ownerId` with a supplementary list; answers both ids. */

export async function surveyWithList(f: Fixtures, ownerId: string) {
  const { db } = f.app.server.deps;
  const [survey] = await db.insert(surveys).values({ ownerId, name: 'Lists' }).returning();
  const [list] = await db
    .insert(lists)
    .values({ surveyId: survey!.id, title: `Offices ${randomUUID()}`, type: 'Supplementary List' })
    .returning();
  return { surveyId: survey!.id, listId: list!.id };
}

/**
 * A collecting survey with a single link, a respondent list and a supplementary list, a question over
 * each that allows additional names, and one respondent's personal link.
 */
export async function linkedSurvey(f: Fixtures, owner: SeededUser = f.me) {
  const { db } = f.app.server.deps;
  const [survey] = await db
    .insert(surveys)
    .values({ ownerId: owner.userId, name: 'Pulse', status: 'Collecting', hasOpenLink: true })
    .returning();
  const surveyId = survey!.id;
  const [people] = await db.insert(lists).values({ surveyId, title: 'People', type: 'Respondent List' }).returning();
  const [teams] = await db.insert(lists).values({ surveyId, title: 'Teams', type: 'Supplementary List' }).returning();
  const over = (listId: string) => ({
    ...newQuestion('searchAndSelect', randomUUID, listId),
    text: '<p>Who?</p>',
    allowAdditionalNames: true,
  });
  await db
    .update(surveys)
    .set({ questions: [over(people!.id), over(teams!.id)] })
    .where(eq(surveys.id, surveyId));
  const [response] = await db.insert(responses).values({ surveyId, nodeName: 'Ada' }).returning();
  return {
    surveyId,
    responseId: response!.id,
    randomUUID: response!.randomUuid,
    people: people!.id,
    teams: teams!.id,
  };
}

/** A test email sent for one of the caller's linked surveys; answers its id (the link's key). */
export async function testEmailOf(f: Fixtures) {
  const { surveyId } = await linkedSurvey(f);
  const [row] = await f.app.server.deps.db
    .insert(testEmails)
    .values({ surveyId, to: 'tester@example.com' })
    .returning();
  return row!.id;
}

// The access table's row types and the row makers several rows share.

/** passiveManager: a passiveDataProcedure that only the account's managers pass (access/passive-data.ts). */
/** passivePeople: one that only callers who see people pass (seesPassivePeople: managers, granted members). */
export type Rule =
  | 'public'
  | 'signedIn'
  | 'orgAdmin'
  | 'orgOwner'
  | 'accountOwner'
  | 'superAdmin'
  | 'passiveManager'
  | 'passivePeople';
export interface Answer {
  status: number;
  message: string | undefined;
}
export interface Row {
  rule: Rule;
  input?: (f: Fixtures) => unknown;
  /** For inputs that name a tenant-owned row: `id` makes one in `other`'s organization. */
  foreign?: { id: (f: Fixtures) => Promise<string> | string; input: (id: string) => unknown; answer?: Answer };
}

/** Another tenant's id answers as a missing one would (architecture: 404, not 403). */
export const HIDDEN: Answer = { status: 404, message: MSG.notFound };

/** What every survey procedure answers for a survey the caller may not see (access/surveys.ts). */
export const SURVEY_HIDDEN: Answer = { status: 404, message: MSG.surveyNotFound };

/** A survey of `owner` at version 1 with one question; answers their ids. */
export function onSurvey(input: (ids: { surveyId: string; questionId: string }) => unknown): Row {
  return {
    rule: 'signedIn',
    input: async (f) => input(await surveyOf(f, f.me)),
    foreign: {
      id: async (f) => (await surveyOf(f, f.other)).surveyId,
      input: (surveyId) => input({ surveyId, questionId: randomUUID() }),
      answer: SURVEY_HIDDEN,
    },
  };
}

/** onSurvey for calls that need a verified email (emailing a survey, spec §6). */
export function onSurveyVerified(input: (ids: { surveyId: string; questionId: string }) => unknown): Row {
  const row = onSurvey(input);
  return {
    ...row,
    input: async (f) => {
      await f.app.server.deps.db.update(userLogins).set({ verified: true }).where(eq(userLogins.id, f.me.loginId));
      return row.input!(f);
    },
  };
}

/** A response of a survey of the caller's (another tenant's is 404 with the response message). */
export function onResponse(input: (responseId: string) => unknown): Row {
  return {
    rule: 'signedIn',
    input: async (f) => input(await responseOf(f, f.me)),
    foreign: {
      id: (f) => responseOf(f, f.other),
      input,
      answer: { status: 404, message: DASHBOARD_MSG.responseNotFound },
    },
  };
}

export const listHidden: Answer = { status: 404, message: LIST_MSG.listNotFound };

/** A network of `owner` (one node, no edges) written through the store; answers its id. */
export async function networkOf(f: Fixtures, owner: SeededUser) {
  const { documentOf, insertNetwork } = await import('../src/network-store/store-network');
  const document = documentOf({ ...emptyNetwork(true), nodes: [{ name: 'Ada', attributes: {} }] });
  return (await insertNetwork(f.app.server.deps.db, { ownerId: owner.userId, name: 'Net', document })).id;
}

/** A network of the caller's; another person's answers 404 with the network message (access/networks.ts). */
export function onNetwork(input: (networkId: string) => unknown): Row {
  return {
    rule: 'signedIn',
    input: async (f) => input(await networkOf(f, f.me)),
    foreign: {
      id: (f) => networkOf(f, f.other),
      input,
      answer: { status: 404, message: NETWORK_MSG.notFound },
    },
  };
}

/** A series of `owner`'s holding one network of theirs. */
export async function seriesOf(f: Fixtures, owner: SeededUser) {
  const { addSnapshots, insertSeries } = await import('../src/network-store/store-series');
  const networkId = await networkOf(f, owner);
  const measures = { people: 1, ties: 0, density: 0, meanDegree: 0, reciprocity: 0, transitivity: 0, modularity: 0 };
  return await f.app.server.deps.db.transaction(async (tx) => {
    const id = await insertSeries(tx, { ownerId: owner.userId, name: 'Waves' });
    await addSnapshots(tx, id, 0, [{ networkId, dataVersion: 1, label: 'One', from: null, to: null, measures }]);
    return id;
  });
}

/** A series of the caller's; another person's answers 404 with the series message (access/series.ts). */
export function onSeries(input: (seriesId: string) => unknown): Row {
  return {
    rule: 'signedIn',
    input: async (f) => input(await seriesOf(f, f.me)),
    foreign: {
      id: (f) => seriesOf(f, f.other),
      input,
      answer: { status: 404, message: SERIES_MSG.notFound },
    },
  };
}

/**
 * A Discover id: a curated example for the caller; another person's unpublished network answers 404
 * with Discover's message (everything published is everyone's to see, so nothing else is foreign).
 */
export function onDiscover(input: (id: string) => unknown): Row {
  return {
    rule: 'signedIn',
    input: async () => input(DISCOVER_EXAMPLES[0]!.id),
    foreign: {
      id: (f) => networkOf(f, f.other),
      input,
      answer: { status: 404, message: DISCOVER_MSG.notFound },
    },
  };
}

/** A live API key of `owner`; answers its id and the key. */
export async function apiKeyOf(f: Fixtures, owner: SeededUser, expiresAt: Date | null = null) {
  const { key, prefix, keyHash } = generateApiKey();
  const [row] = await f.app.server.deps.db
    .insert(apiKeys)
    .values({ userId: owner.userId, name: 'Script', prefix, keyHash, expiresAt })
    .returning({ id: apiKeys.id });
  return { id: row!.id, key };
}

/** Keys of `f.me` that authenticate nobody: revoked (revoking deletes the row), expired, malformed. */
export async function deadApiKeys(f: Fixtures) {
  const revoked = await apiKeyOf(f, f.me);
  await f.app.server.deps.db.delete(apiKeys).where(eq(apiKeys.id, revoked.id));
  const expired = await apiKeyOf(f, f.me, new Date(Date.now() - 1000));
  return { revoked: revoked.key, expired: expired.key, malformed: `${revoked.key.slice(0, 20)}!` };
}

/** A pending card payment for the credits of `buyer`'s account (their organization's, else their own). */
export async function paymentOf(f: Fixtures, buyer: SeededUser) {
  const account = buyer.organizationId ? { organizationId: buyer.organizationId } : { userId: buyer.userId };
  const [row] = await f.app.server.deps.db
    .insert(payments)
    .values({ ...account, providerSessionId: `cs_test_${randomUUID()}`, credits: 5, amountCents: 500, currency: 'usd' })
    .returning();
  return row!.id;
}

/** The user with these modules on, for them and their organization (passiveData, AONA and meltwater are off by default). */
export async function withModules(app: TestApp, user: SeededUser, names: readonly TModuleName[]): Promise<SeededUser> {
  const { db } = app.server.deps;
  const on = Object.fromEntries(names.map((name) => [name, { enabled: true }]));
  const [row] = await db.select({ modules: users.modules }).from(users).where(eq(users.id, user.userId));
  await db
    .update(users)
    .set({ modules: { ...row!.modules, ...on } })
    .where(eq(users.id, user.userId));
  if (user.organizationId) {
    const [org] = await db
      .select({ modules: organizations.modules })
      .from(organizations)
      .where(eq(organizations.id, user.organizationId));
    await db
      .update(organizations)
      .set({ modules: { ...org!.modules, ...on } })
      .where(eq(organizations.id, user.organizationId));
  }
  return user;
}

/** The user with the passiveData module on, for them and their organization (it is off by default). */
export const withPassiveData = (app: TestApp, user: SeededUser) => withModules(app, user, ['passiveData']);
