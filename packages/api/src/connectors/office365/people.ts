import type { Person } from '@microsoft/microsoft-graph-types';
import { replaceRelations, type SourceRelation } from '../store/relations';
import type { Office365Sync, ScopeUser } from './context';
import { eachInPool } from './context';
import { graphErrorOf } from './graph-client';

// Microsoft People (office365People): each person's "top X" people, from Graph's relevance-ranked
// `/users/{id}/people`. Each person -> each of their first X people in scope, weight X - rank + 1
// (rank 1 is the most relevant), where the rank counts only people in scope: the person themselves,
// external addresses, people outside the directory's scope and entries that are not people (groups,
// rooms) are skipped without taking a rank. A relation (how things stand now): the whole set is
// replaced once every person is read, so a sync killed half way leaves the last complete set.

const SELECT = 'id,displayName,scoredEmailAddresses,personType';
/** Calls in flight at once. */
const CONCURRENCY = 4;
/** Graph's people page: enough to find X people in scope among groups, rooms and outsiders, most times. */
const pageFor = (topPeople: number) => Math.min(1000, Math.max(50, topPeople * 5));

type RankedPerson = Pick<Person, 'id' | 'displayName' | 'scoredEmailAddresses' | 'personType'>;

/** The first `top` people in scope of `user`'s ranking, in order; answers their scope users. */
export function topInScope(
  user: ScopeUser,
  ranked: Iterable<RankedPerson>,
  scope: Office365Sync['scope'],
  top: number,
): ScopeUser[] {
  const found: ScopeUser[] = [];
  const seen = new Set<string>([user.id]);
  for (const p of ranked) {
    if (found.length >= top) break;
    if (p.personType?.class !== 'Person') continue;
    const match = (p.scoredEmailAddresses ?? [])
      .map((a) => scope.byEmail.get(a.address?.trim().toLowerCase() ?? ''))
      .find((u) => u !== undefined);
    if (!match || seen.has(match.id)) continue;
    seen.add(match.id);
    found.push(match);
  }
  return found;
}

/** One user's top people in scope, paging only as far as needed. Null when they have no mailbox. */
async function topPeopleOf(s: Office365Sync, user: ScopeUser): Promise<ScopeUser[] | null> {
  const ranked: RankedPerson[] = [];
  try {
    const path = `/users/${user.id}/people?$select=${SELECT}&$top=${pageFor(s.topPeople)}`;
    for await (const page of s.graph.pages<RankedPerson>(path)) {
      ranked.push(...page.value);
      if (topInScope(user, ranked, s.scope, s.topPeople).length >= s.topPeople) break;
    }
  } catch (error) {
    // No mailbox (unlicensed, or hosted on premises): no ranking to read.
    if (graphErrorOf(error)?.status === 404) return null;
    throw error;
  }
  return topInScope(user, ranked, s.scope, s.topPeople);
}

export async function syncPeople(s: Office365Sync): Promise<void> {
  const top = s.topPeople;
  const relations: SourceRelation[] = [];
  let done = 0;
  await eachInPool(s.scope.users, CONCURRENCY, async (user) => {
    const people = await topPeopleOf(s, user);
    (people ?? []).forEach((to, i) => {
      relations.push({ type: 'people', from: user.id, to: to.id, weight: top - i });
    });
    if (++done % 10 === 0) await s.report((0.95 * done) / s.scope.users.length);
  });
  await replaceRelations(s.deps.db, s.ctx, s.scope.personIds, 'people', relations);
}
