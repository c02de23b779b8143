import { rowsOf, sql } from '@tieline/db';
import { PASSIVE_SOURCES, type TPassivePerson, type TPassiveSource } from '@tieline/validation';
import { passiveAccountOf } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { personKeys } from './settings-people';

// The people the account's sources found (lists are picked from them), searched by name or email.

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
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const text = input.search?.trim() ?? '';
  // A pseudonymized person has no email to match, but a full address still finds them by its HMAC.
  const byKey = text.includes('@') ? personKeys(account, deps.secrets)(text) : null;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = text
    ? sql`p.account_id = ${account.id}::uuid and (p.name ilike ${pattern} or p.email ilike ${pattern} or p.key = ${byKey ?? ''})`
    : sql`p.account_id = ${account.id}::uuid`;
  const rows = rowsOf<{
    id: string;
    name: string;
    email: string | null;
    title: string | null;
    deactivated: boolean;
    external: boolean;
    sources: string[];
    total: string;
  }>(
    await deps.db.execute(sql`
      select p.id, p.name, p.email, p.title, p.deactivated, p.external, p.sources, count(*) over () as total
      from passive_people p where ${where}
      order by lower(p.name), p.id limit ${input.limit} offset ${input.offset}`),
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : await countPeople(deps, where);
  return {
    total,
    people: rows.map((r) => ({
      _id: String(r.id),
      name: r.name,
      email: r.email,
      title: r.title,
      deactivated: r.deactivated,
      external: r.external,
      sources: r.sources.filter((s): s is TPassiveSource => (PASSIVE_SOURCES as readonly string[]).includes(s)),
    })),
  };
}

/** A page past the end has no row to carry the total. */
async function countPeople(deps: Deps, where: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf<{ n: string }>(
    await deps.db.execute(sql`select count(*) as n from passive_people p where ${where}`),
  );
  return Number(row?.n ?? 0);
}
