import { rowsOf, sql } from '@tieline/db';
import type { TPassiveAttributes } from '@tieline/validation';
import { passiveAccountOf } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';

// GET passiveData/attributes: the attributes the account's people actually hold (profile fields as
// the sources give them, Slack's named by their labels; `title` from the title), each with how many
// people hold a value, so that a query form offers them and a name that no one holds is seen before a
// run. Every member with the module may ask, as for group reports' attributes: names and counts of
// attributes describe no person (no value is answered), and a member without person-level access needs
// them to pick a report's grouping.

export async function listAttributes(deps: Deps, caller: SignedInCaller): Promise<TPassiveAttributes> {
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const rows = rowsOf<{ name: string; people: string }>(
    await deps.db.execute(sql`
      select e.k as name, count(*) as people
      from passive_people p cross join lateral jsonb_each(p.attributes) e(k, v)
      where p.account_id = ${account.id}::uuid and jsonb_typeof(p.attributes) = 'object' and e.k <> 'title'
        and btrim(e.v #>> '{}') <> ''
      group by e.k
      union all
      select 'title', count(*) filter (where coalesce(nullif(btrim(p.title), ''), nullif(btrim(p.attributes ->> 'title'), '')) is not null)
      from passive_people p where p.account_id = ${account.id}::uuid`),
  );
  const all = rows.map((r) => ({ name: r.name, people: Number(r.people) }));
  const title = all.find((a) => a.name === 'title') ?? { name: 'title', people: 0 };
  const fields = all.filter((a) => a.name !== 'title').sort((x, y) => x.name.localeCompare(y.name));
  return [title, ...fields];
}
