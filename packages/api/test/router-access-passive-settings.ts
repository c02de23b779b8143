// Rows of the access table (router-access-table.ts) for passiveData.settings, .connections, .lists and
// .people. Every call is a passiveData one (off by default), so each row turns the module on for the
// caller first; manager calls also make them an organization Admin (members without it are refused in
// passive-*.test.ts). Another account's connection or list answers 404.
import { randomUUID } from 'node:crypto';
import { eq, organizations, passiveConnections, passiveLists, sql, users } from '@tieline/db';
import { PASSIVE_MSG } from '@tieline/validation';
import { passiveAccountOf } from '../src/access/passive-data';
import type { Actor } from '../src/auth/actor';
import type { SeededUser } from './helpers';
import type { Fixtures, Row } from './router-access-fixtures';

const on = sql`jsonb_set(modules, '{passiveData}', '{"enabled": true}')`;

/** The passiveData module on for the user (and their organization); with `manager`, an Admin too. */
export async function passiveOn(f: Fixtures, user: SeededUser = f.me, manager = false) {
  const { db } = f.app.server.deps;
  await db
    .update(users)
    .set({ modules: on, ...(manager && user.organizationId ? { permission: 'Admin' } : {}) })
    .where(eq(users.id, user.userId));
  if (user.organizationId)
    await db.update(organizations).set({ modules: on }).where(eq(organizations.id, user.organizationId));
}

const accountOf = (f: Fixtures, user: SeededUser) =>
  passiveAccountOf(f.app.server.deps.db, f.app.server.deps.secrets, {
    userId: user.userId,
    organizationId: user.organizationId,
    permission: user.organizationId ? 'Owner' : null,
  } as Actor);

/** A Slack API connection named "Slack" of the user's account, not syncing. */
export async function passiveConnectionOf(f: Fixtures, user: SeededUser) {
  const account = await accountOf(f, user);
  const [row] = await f.app.server.deps.db
    .insert(passiveConnections)
    .values({ accountId: account.id, source: 'slack', method: 'api', name: 'Slack', status: 'done' })
    .returning();
  return row!.id;
}

export async function passiveListOf(f: Fixtures, user: SeededUser) {
  const account = await accountOf(f, user);
  const [row] = await f.app.server.deps.db
    .insert(passiveLists)
    .values({ accountId: account.id, name: 'Team', kind: 'manual' })
    .returning();
  return row!.id;
}

const reading = (input?: (f: Fixtures) => unknown): Row => ({
  rule: 'signedIn',
  input: async (f) => {
    await passiveOn(f);
    return input?.(f);
  },
});

const onConnection = (manager: boolean, input: (id: string) => unknown): Row => ({
  rule: 'signedIn',
  input: async (f) => {
    await passiveOn(f, f.me, manager);
    return input(await passiveConnectionOf(f, f.me));
  },
  foreign: {
    id: async (f) => {
      await passiveOn(f, f.me, manager);
      return passiveConnectionOf(f, f.other);
    },
    input,
    answer: { status: 404, message: PASSIVE_MSG.connectionNotFound },
  },
});

const onList = (manager: boolean, input: (id: string) => unknown): Row => ({
  rule: 'signedIn',
  input: async (f) => {
    await passiveOn(f, f.me, manager);
    return input(await passiveListOf(f, f.me));
  },
  foreign: {
    id: async (f) => {
      await passiveOn(f, f.me, manager);
      return passiveListOf(f, f.other);
    },
    input,
    answer: { status: 404, message: PASSIVE_MSG.listNotFound },
  },
});

const managing = (input: () => unknown): Row => ({
  rule: 'signedIn',
  input: async (f) => {
    await passiveOn(f, f.me, true);
    return input();
  },
});

/** A row that only callers who see people pass (rule passivePeople: managers and granted members). */
const people = (row: Row): Row => ({ ...row, rule: 'passivePeople' });

export const PASSIVE_SETTINGS_PROCEDURES: Record<string, Row> = {
  'passiveData.settings.get': reading(),
  'passiveData.settings.update': managing(() => ({ retentionDays: 90 })),
  'passiveData.settings.pseudonymization': managing(() => undefined),
  'passiveData.connections.list': reading(),
  'passiveData.connections.channels': reading(),
  'passiveData.connections.get': onConnection(false, (id) => ({ id })),
  'passiveData.connections.delete': onConnection(true, (id) => ({ id, confirm: 'Slack', networks: 'keep' })),
  'passiveData.connections.sync': onConnection(true, (id) => ({ id })),
  'passiveData.connections.fieldLabels': onConnection(true, (id) => ({ id, fieldLabels: { Xf01: 'Department' } })),
  'passiveData.connections.attributes': reading(),
  'passiveData.connections.interactionsPerWeek': reading(),
  'passiveData.lists.list': people(reading()),
  'passiveData.lists.get': people(onList(false, (id) => ({ id }))),
  'passiveData.lists.create': managing(() => ({ name: `Team ${randomUUID()}`, emails: ['ada@example.com'] })),
  'passiveData.lists.update': onList(true, (id) => ({ id, name: 'Renamed' })),
  'passiveData.lists.delete': onList(true, (id) => ({ id })),
  'passiveData.people.list': people(reading(() => ({ search: 'ada' }))),
};
