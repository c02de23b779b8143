import { rowsOf, sql } from '@tieline/db';
import { PASSIVE_SOURCES, type TPassivePerson, type TPassiveSource } from '@tieline/validation';
import { peopleAccountOf } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { personShown } from './pseudonym-view';

// The people the account's sources found (lists are picked from them), searched by name or email
// (by the pseudonym shown under pseudonymization).

export interface PeopleSearch {
  search?: string | undefined;
  limit: number;
  offset: number;
}

export async function listPeople(
  deps: Deps,
  caller: SignedInCaller,
  input: PeopleSearch,
): Promise<{ people: TPassivePerson[]; total: number }> {
  const account = await peopleAccountOf(deps.db, deps.secrets, caller.actor);
  const text = input.search?.trim() ?? '';
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Under pseudonymization only what is shown is searched: the pseudonym stored as the name of a
  // converted person. Typed text is never keyed and matched against keys (an address guessed would
  // find its person), and a row not converted yet shows a pseudonym its stored name is not.
  const matches = account.pseudonymize
    ? sql`p.key like 'h:%' and p.name ilike ${pattern}`
    : sql`(p.name ilike ${pattern} or p.email ilike ${pattern})`;
  const where = text ? sql`p.account_id = ${account.id}::uuid and ${matches}` : sql`p.account_id = ${account.id}::uuid`;
  // Titles held by fewer than the minimum group size of the account's people show as "Other" under
  // pseudonymization: a unique title (the one CEO) would name its pseudonym.
  const title = account.pseudonymize
    ? sql`case when h.n < ${account.minimumGroupSize} then 'Other' else p.title end`
    : sql`p.title`;
  const rows = rowsOf<{
    id: string;
    key: string;
    name: string;
    email: string | null;
    title: string | null;
    deactivated: boolean;
    external: boolean;
    sources: string[];
    total: string;
  }>(
    await deps.db.execute(sql`
      with held as (
        select q.title, count(*) as n from passive_people q
        where q.account_id = ${account.id}::uuid and q.title is not null group by q.title)
      select p.id, p.key, p.name, p.email, ${title} as title, p.deactivated, p.external, p.sources,
        count(*) over () as total
      from passive_people p left join held h on h.title = p.title where ${where}
      order by lower(p.name), p.id limit ${input.limit} offset ${input.offset}`),
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : await countPeople(deps, where);
  const shown = personShown(account, deps.secrets);
  return {
    total,
    people: rows.map((r) => {
      const { name, email } = shown(r);
      return {
        _id: String(r.id),
        name,
        email,
        title: r.title,
        deactivated: r.deactivated,
        external: r.external,
        sources: r.sources.filter((s): s is TPassiveSource => (PASSIVE_SOURCES as readonly string[]).includes(s)),
      };
    }),
  };
}

/** A page past the end has no row to carry the total. */
async function countPeople(deps: Deps, where: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf<{ n: string }>(
    await deps.db.execute(sql`select count(*) as n from passive_people p where ${where}`),
  );
  return Number(row?.n ?? 0);
}
