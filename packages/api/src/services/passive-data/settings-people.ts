import { type Db, eq, passiveAccounts, rowsOf, sql, type Tx } from '@tieline/db';
import type { PassiveAccount } from '../../access/passive-data';
import type { SecretBox } from '../../auth/secrets';
import { contextOf, pseudonym } from '../../connectors/store/context';

// What a settings change does to the people already stored (settings.ts), inside its transaction.

/** The account's person key of an address or `<source>:<id>@<connection>` text, as upsertPeople keys them. */
export function personKeys(account: PassiveAccount, secrets: SecretBox): (text: string) => string {
  // Only the keying of the store context is used here; the connection and source do not enter it.
  return contextOf(account, secrets, '', 'slack').keyOf;
}

/**
 * Pseudonymization switched on: every person kept by a plain key (their lower-cased email, or the
 * `<source>:<id>@<connection>` text of people without one) is re-keyed by the HMAC of that key, named
 * by its pseudonym and loses their email; list members by address are re-keyed the same way. A person
 * already stored under the HMAC (synced while pseudonymization was on before) absorbs the plain one.
 */
export async function pseudonymizePeople(tx: Tx, secrets: SecretBox, account: PassiveAccount): Promise<void> {
  const keyOf = personKeys({ ...account, pseudonymize: true }, secrets);
  const plain = rowsOf<{ id: string; key: string }>(
    await tx.execute(
      sql`select p.id, p.key from passive_people p where p.account_id = ${account.id}::uuid and p.key not like 'h:%'`,
    ),
  );
  if (plain.length > 0) {
    const mapping = JSON.stringify(
      plain.map((p) => {
        const key = keyOf(p.key);
        return { id: Number(p.id), key, name: pseudonym(key) };
      }),
    );
    const merged = sql`(select r.id, p.id as into_id from json_to_recordset(${mapping}::json) as r(id bigint, key text)
      join passive_people p on p.account_id = ${account.id}::uuid and p.key = r.key)`;
    await tx.execute(
      sql`update passive_identities i set person_id = m.into_id from ${merged} m where i.person_id = m.id`,
    );
    for (const column of [sql.raw('from_id'), sql.raw('to_id')]) {
      await tx.execute(sql`update passive_interactions i set ${column} = m.into_id from ${merged} m
        where i.account_id = ${account.id}::uuid and i.${column} = m.id`);
    }
    await tx.execute(sql`delete from passive_people p using ${merged} m where p.id = m.id`);
    await tx.execute(sql`
      update passive_people p set key = r.key, name = r.name, email = null
      from json_to_recordset(${mapping}::json) as r(id bigint, key text, name text) where p.id = r.id`);
  }
  const members = rowsOf<{ key: string }>(
    await tx.execute(sql`
      select distinct m.key from passive_list_members m join passive_lists l on l.id = m.list_id
      where l.account_id = ${account.id}::uuid and m.key not like 'h:%'`),
  );
  if (members.length === 0) return;
  const rekeyed = JSON.stringify(members.map((m) => ({ old: m.key, key: keyOf(m.key) })));
  await tx.execute(sql`
    insert into passive_list_members (list_id, generation, key)
    select m.list_id, m.generation, r.key from passive_list_members m join passive_lists l on l.id = m.list_id
      join json_to_recordset(${rekeyed}::json) as r(old text, key text) on r.old = m.key
    where l.account_id = ${account.id}::uuid
    on conflict do nothing`);
  await tx.execute(sql`
    delete from passive_list_members m using passive_lists l
    where l.id = m.list_id and l.account_id = ${account.id}::uuid and m.key not like 'h:%'`);
}

/**
 * Excluded domains and addresses: the people they match are deleted with their interactions and
 * source ids (the next syncs leave them out). A pseudonymized person is matched by the HMAC of an
 * excluded address; excluded domains cannot match them (only the full address was hashed).
 */
export async function deleteExcludedPeople(tx: Tx, secrets: SecretBox, account: PassiveAccount): Promise<number> {
  const addresses = account.excludedAddresses.map((a) => a.toLowerCase());
  if (addresses.length === 0 && account.excludedDomains.length === 0) return 0;
  const hashed = addresses.map(personKeys({ ...account, pseudonymize: true }, secrets));
  const keys = JSON.stringify([...addresses, ...hashed]);
  const domains = JSON.stringify(account.excludedDomains);
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select p.id from passive_people p where p.account_id = ${account.id}::uuid and (
        p.key in (select k.v from jsonb_array_elements_text(${keys}::jsonb) as k(v))
        or p.email in (select k.v from jsonb_array_elements_text(${keys}::jsonb) as k(v))
        or split_part(p.email, '@', 2) in (select d.v from jsonb_array_elements_text(${domains}::jsonb) as d(v)))`),
  );
  if (rows.length === 0) return 0;
  const ids = JSON.stringify(rows.map((r) => Number(r.id)));
  const gone = sql`(select g.v::bigint from jsonb_array_elements_text(${ids}::jsonb) as g(v))`;
  await tx.execute(sql`
    delete from passive_interactions i where i.account_id = ${account.id}::uuid
      and (i.from_id in ${gone} or i.to_id in ${gone})`);
  await tx.execute(sql`delete from passive_people p where p.account_id = ${account.id}::uuid and p.id in ${gone}`);
  // The connections' counts as the overview shows them.
  await tx.execute(sql`
    update passive_connections c set
      people_count = (select count(*) from passive_identities i where i.connection_id = c.id),
      interaction_count = (select count(*) from passive_interactions i where i.account_id = c.account_id and i.connection_id = c.id)
    where c.account_id = ${account.id}::uuid`);
  return rows.length;
}

/**
 * What a sync that was already running when the settings changed may have stored against them (its
 * store context was read when it started): people under plain keys in a pseudonymized account, and,
 * with `exclusions`, people matching the exclusions. Run by the schedule: pseudonymization every tick
 * (names and emails must not wait a day), exclusions with the daily purge. An account whose conversion
 * is queued or running is left to it: it needs the names to rewrite the networks first.
 */
export async function reapplySettings(db: Db, secrets: SecretBox, opts: { exclusions: boolean }): Promise<void> {
  const stale = await db
    .select({ id: passiveAccounts.id })
    .from(passiveAccounts)
    .where(
      sql`${passiveAccounts.pseudonymize} and ${passiveAccounts.pseudonymizeStatus} is distinct from 'queued'
        and ${passiveAccounts.pseudonymizeStatus} is distinct from 'running'
        and exists (select 1 from passive_people p where p.account_id = ${passiveAccounts.id} and p.key not like 'h:%')`,
    );
  const excluding = opts.exclusions
    ? await db
        .select({ id: passiveAccounts.id })
        .from(passiveAccounts)
        .where(
          sql`jsonb_array_length(passive_accounts.excluded_domains) > 0 or jsonb_array_length(passive_accounts.excluded_addresses) > 0`,
        )
    : [];
  for (const { id } of stale) {
    await db.transaction(async (tx) => {
      const [account] = await tx.select().from(passiveAccounts).where(eq(passiveAccounts.id, id)).for('update');
      const converting = account?.pseudonymizeStatus === 'queued' || account?.pseudonymizeStatus === 'running';
      if (account?.pseudonymize && !converting) await pseudonymizePeople(tx, secrets, account);
    });
  }
  for (const { id } of excluding) {
    await db.transaction(async (tx) => {
      const [account] = await tx.select().from(passiveAccounts).where(eq(passiveAccounts.id, id)).for('update');
      const converting = account?.pseudonymizeStatus === 'queued' || account?.pseudonymizeStatus === 'running';
      if (account && !converting) await deleteExcludedPeople(tx, secrets, account);
    });
  }
}
