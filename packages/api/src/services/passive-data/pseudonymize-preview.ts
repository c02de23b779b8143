import { rowsOf, sql } from '@tieline/db';
import type { TPseudonymization } from '@tieline/validation';
import { passiveAccountOf, requirePassiveManager } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';

// What the settings page's confirmation names before pseudonymization is switched on (what the
// conversion will rewrite, and the members' networks it leaves alone), and the conversion's progress
// after. Owners and Admins only, as the switch is theirs.

const UNTOUCHED_SHOWN = 100;

export async function getPseudonymization(deps: Deps, caller: SignedInCaller): Promise<TPseudonymization> {
  requirePassiveManager(caller.actor);
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const id = account.id;
  // The account's members: the organization's users, or the individual alone.
  const members = account.organizationId
    ? sql`select u.id from users u where u.organization_id = ${account.organizationId}::uuid`
    : sql`select ${account.userId}::uuid`;
  const [counts] = rowsOf<{ people: string; lists: string; others: string; untouched: string }>(
    await deps.db.execute(sql`
      select
        (select count(*) from passive_people p where p.account_id = ${id}::uuid and p.key not like 'h:%') as people,
        (select count(*) from passive_lists l where l.account_id = ${id}::uuid and exists (
          select 1 from passive_list_members m where m.list_id = l.id and m.key not like 'h:%')) as lists,
        (select count(*) from networks n where n.passive_account_id = ${id}::uuid
          and n.owner_id not in (${members})) as others,
        (select count(*) from networks n where n.passive_account_id is null and n.owner_id in (${members})) as untouched`),
  );
  const networks = rowsOf<{ id: string; name: string; versions: string }>(
    await deps.db.execute(sql`
      select n.id, n.name, (select count(*) from network_versions v where v.network_id = n.id) as versions
      from networks n where n.passive_account_id = ${id}::uuid and n.owner_id in (${members})
      order by lower(n.name), n.id`),
  );
  const untouched = rowsOf<{ id: string; name: string }>(
    await deps.db.execute(sql`
      select n.id, n.name from networks n where n.passive_account_id is null and n.owner_id in (${members})
      order by lower(n.name), n.id limit ${UNTOUCHED_SHOWN}`),
  );
  return {
    pseudonymize: account.pseudonymize,
    status: account.pseudonymizeStatus ?? null,
    progress: account.pseudonymizeProgress,
    error: account.pseudonymizeError,
    people: Number(counts!.people),
    lists: Number(counts!.lists),
    networks: networks.map((n) => ({ _id: n.id, name: n.name, versions: Number(n.versions) })),
    otherCopies: Number(counts!.others),
    untouched: untouched.map((n) => ({ _id: n.id, name: n.name })),
    untouchedTotal: Number(counts!.untouched),
  };
}
