// Rows of the access table (router-access.test.ts) for passiveData.queries.*: every caller is given the
// passiveData module first (off by default, spec §6), so the rows test the rules, not the module gate
// (router-access-modules.test.ts does that). Another account's query answers 404, its list 400. Queries
// are person-level (rule passivePeople): a member without the grant is refused.
import { passiveQueries } from '@tieline/db';
import { PASSIVE_MSG, ZQueryInput } from '@tieline/validation';
import type { SeededUser } from './helpers';
import { accountOf, listOf, passiveOn } from './passive-queries-setup';
import type { Fixtures, Row } from './router-access-fixtures';

const QUERY = { name: 'Replies', sources: ['slack'], types: ['reply'] };

/** A query of `owner`'s account, made in the database; the module turned on for the caller. */
async function queryOf(f: Fixtures, owner: SeededUser) {
  await passiveOn(f.app, f.me);
  const account = await accountOf(f.app, owner);
  const [row] = await f.app.server.deps.db
    .insert(passiveQueries)
    .values({ accountId: account.id, ownerId: owner.userId, name: QUERY.name, definition: ZQueryInput.parse(QUERY) })
    .returning();
  return row!.id;
}

const onQuery = (input: (id: string) => unknown): Row => ({
  rule: 'passivePeople',
  input: async (f) => input(await queryOf(f, f.me)),
  foreign: {
    id: (f) => queryOf(f, f.other),
    input,
    answer: { status: 404, message: PASSIVE_MSG.queryNotFound },
  },
});

export const PASSIVE_QUERY_PROCEDURES: Record<string, Row> = {
  // Every member with the module lists the account's queries (names and definitions, no people): the
  // group reports page chooses one of them.
  'passiveData.queries.list': {
    rule: 'signedIn',
    input: async (f) => void (await passiveOn(f.app, f.me)),
  },
  'passiveData.queries.get': onQuery((id) => ({ id })),
  'passiveData.queries.create': {
    rule: 'passivePeople',
    input: async (f) => {
      await passiveOn(f.app, f.me);
      return QUERY;
    },
    foreign: {
      id: async (f) => {
        await passiveOn(f.app, f.me);
        return await listOf(f.app, await accountOf(f.app, f.other), { emails: ['ann@x.com'] });
      },
      input: (listId) => ({ ...QUERY, includeListIds: [listId] }),
      answer: { status: 400, message: PASSIVE_MSG.unknownList },
    },
  },
  'passiveData.queries.update': onQuery((id) => ({ id, ...QUERY, name: 'Renamed' })),
  'passiveData.queries.delete': onQuery((id) => ({ id })),
  'passiveData.queries.run': onQuery((id) => ({ id })),
  // Group reports: every member with the module (no manager role, no person-level grant).
  'passiveData.reports.attributes': {
    rule: 'signedIn',
    input: async (f) => void (await passiveOn(f.app, f.me)),
  },
  'passiveData.reports.run': { ...onQuery((queryId) => ({ queryId, attribute: 'title' })), rule: 'signedIn' },
};
