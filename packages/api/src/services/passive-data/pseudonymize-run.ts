import { type Db, eq, passiveAccounts, rowsOf, sql } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { PASSIVE_MSG } from '@tieline/validation';
import type { PassiveAccount } from '../../access/passive-data';
import type { SecretBox } from '../../auth/secrets';
import { contextOf } from '../../connectors/store/context';
import { labelResolver, type PlainPerson, pseudonymizeDocument } from './pseudonymize-document';
import { deleteExcludedPeople, personKeys, pseudonymizePeople } from './settings-people';

// The conversion pseudonymization switched on starts (the passive-pseudonymize job), in three steps:
// 1. every kept version of every network holding the account's people (networks.passive_account_id,
//    whoever holds it) is rewritten (pseudonymize-document.ts), while the people rows still say who
//    each name was; their cached metrics, saved views and AONA results go, and Discover unpublishes them;
// 2. the people and list members are re-keyed and renamed, and excluded people deleted;
// 3. the tables rewritten are compacted (VACUUM FULL), so no old row version stays in their files.
// Each step is idempotent, so a run resumed after a crash, or run twice, finds nothing left to change.

/** Tables the conversion rewrites or deletes from: compacted at its end (fixed names, never input). */
export const COMPACTED = [
  'passive_people',
  'passive_list_members',
  'networks',
  'network_versions',
  'network_metrics',
  'network_views',
  'discover_networks',
  'aona_results',
  // An export's import passes its people through staging (connectors/store/staging.ts): the rows are
  // deleted after the swap, but their old versions stay in the files until compacted.
  'passive_staged_people',
  'passive_staged_conversations',
  'passive_staged_interactions',
] as const;

/** Where the conversion is, for the progress bar: the networks take most of it. */
const SHARE = { networks: 0.85, people: 0.9, compact: 1 } as const;
const PROGRESS_EVERY_MS = 500;

interface RunDeps {
  db: Db;
  secrets: SecretBox;
}

const setState = (db: Db, id: string, state: Partial<typeof passiveAccounts.$inferInsert>) =>
  db.update(passiveAccounts).set(state).where(eq(passiveAccounts.id, id));

/** Runs the conversion of `accountId`; `step` records where it is (jobs/define.ts). */
export async function runPseudonymization(
  deps: RunDeps,
  accountId: string,
  step: (label: string) => Promise<void> = async () => {},
): Promise<void> {
  const [account] = await deps.db.select().from(passiveAccounts).where(eq(passiveAccounts.id, accountId));
  if (!account) return;
  await setState(deps.db, account.id, { pseudonymizeStatus: 'running', pseudonymizeError: null });
  await step('networks');
  await rewriteNetworks(deps, account);
  await step('people');
  await deps.db.transaction(async (tx) => {
    // The settings as they are now (exclusions may have changed while the networks were rewritten).
    const [current] = await tx.select().from(passiveAccounts).where(eq(passiveAccounts.id, account.id)).for('update');
    await pseudonymizePeople(tx, deps.secrets, current!);
    await deleteExcludedPeople(tx, deps.secrets, current!);
  });
  await setState(deps.db, account.id, { pseudonymizeProgress: SHARE.people });
  await step('compact');
  await compactRewritten(deps.db);
  await setState(deps.db, account.id, { pseudonymizeStatus: 'done', pseudonymizeProgress: 1 });
}

/** The last attempt failed: the settings page says so (saving the settings again queues it again). */
export const failPseudonymization = (db: Db, accountId: string) =>
  setState(db, accountId, { pseudonymizeStatus: 'failed', pseudonymizeError: PASSIVE_MSG.pseudonymizeFailed });

/**
 * Step 1. Versions are rewritten one per transaction; a version written meanwhile (a copy made, a
 * query run: those name people by pseudonym already) is picked up by the next pass, until a pass
 * finds none new.
 */
async function rewriteNetworks(deps: RunDeps, account: PassiveAccount): Promise<void> {
  const { db, secrets } = deps;
  const people = rowsOf<PlainPerson>(
    await db.execute(sql`
      select p.key, p.name, p.email from passive_people p
      where p.account_id = ${account.id}::uuid and p.key not like 'h:%'`),
  );
  const resolve = labelResolver({
    people,
    keyOf: personKeys({ ...account, pseudonymize: true }, secrets),
    excluded: contextOf(account, secrets, '', 'slack').excluded,
    excludedAddresses: account.excludedAddresses,
  });
  const done = new Set<string>();
  const changed = new Set<string>();
  let last = 0;
  for (;;) {
    const versions = rowsOf<{ network_id: string; version: number }>(
      await db.execute(sql`
        select v.network_id, v.version from network_versions v join networks n on n.id = v.network_id
        where n.passive_account_id = ${account.id}::uuid order by v.network_id, v.version`),
    ).filter((v) => !done.has(`${v.network_id}:${v.version}`));
    if (versions.length === 0) break;
    const total = done.size + versions.length;
    for (const v of versions) {
      if (await rewriteVersion(db, account, resolve, v.network_id, v.version)) changed.add(v.network_id);
      done.add(`${v.network_id}:${v.version}`);
      if (Date.now() - last >= PROGRESS_EVERY_MS) {
        last = Date.now();
        await setState(db, account.id, { pseudonymizeProgress: (done.size / total) * SHARE.networks });
      }
    }
  }
  await forgetDerived(db, account, [...changed]);
  await setState(db, account.id, { pseudonymizeProgress: SHARE.networks });
}

/** One version rewritten in place; the network's counts follow its current version. */
async function rewriteVersion(
  db: Db,
  account: PassiveAccount,
  resolve: (label: string) => string | null,
  networkId: string,
  version: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ data: string; current: number }>(
      await tx.execute(sql`
        select v.data, n.data_version as current from network_versions v join networks n on n.id = v.network_id
        where v.network_id = ${networkId}::uuid and v.version = ${version} for update of v`),
    );
    if (!row) return false;
    const next = pseudonymizeDocument(JSON.parse(row.data) as TNetworkData, resolve, account.minimumGroupSize);
    if (!next) return false;
    await tx.execute(sql`
      update network_versions set data = ${JSON.stringify(next)}
      where network_id = ${networkId}::uuid and version = ${version}`);
    await tx.execute(sql`
      delete from network_metrics where network_id = ${networkId}::uuid and version = ${version}`);
    // The version counter moves, so an editor holding the old document gets 409 rather than saving it back.
    await tx.execute(sql`
      update networks set version = version + 1, updated_at = now()
        ${Number(row.current) === version ? sql`, node_count = ${next.nodes.length}, edge_count = ${next.edges.length}` : sql``}
      where id = ${networkId}::uuid`);
    return true;
  });
}

/**
 * What was made from the old documents: saved views (people by position, attribute values by name),
 * AONA results naming the networks, and Discover snapshots. Discover is unpublished rather than
 * rewritten: its owner republishes the pseudonymized network if they still want it shown.
 */
async function forgetDerived(db: Db, account: PassiveAccount, changed: string[]): Promise<void> {
  const ids = JSON.stringify(changed);
  await db.execute(sql`
    delete from discover_networks d using networks n
    where d.network_id = n.id and n.passive_account_id = ${account.id}::uuid`);
  await db.execute(sql`delete from aona_results r where r.passive_account_id = ${account.id}::uuid`);
  if (changed.length === 0) return;
  await db.execute(sql`
    delete from network_views w where w.network_id in (select (jsonb_array_elements_text(${ids}::jsonb))::uuid)`);
  await db.execute(sql`
    delete from aona_results r where exists (
      select 1 from jsonb_array_elements_text(${ids}::jsonb) as c(id) where strpos(r.inputs::text, c.id) > 0)`);
}

/**
 * Step 3. VACUUM FULL writes each table anew and drops its old files, with the row versions that held
 * names and addresses. On PGlite the write-ahead log is then moved past them: a checkpoint, a new
 * segment and a second checkpoint let PostgreSQL delete the segments that held them (the data
 * directory runs with wal_recycle off, so they are deleted rather than renamed for reuse). On a
 * PostgreSQL server its WAL, archives and backups keep old pages until they rotate (docs/passive-data.md).
 */
export async function compactRewritten(db: Db): Promise<void> {
  for (const table of COMPACTED) await db.execute(sql.raw(`vacuum full ${table}`));
  const [engine] = rowsOf<{ pglite: boolean }>(await db.execute(sql`select version() like '%PGlite%' as pglite`));
  if (!engine?.pglite) return;
  await db.execute(sql`checkpoint`);
  await db.execute(sql`select pg_switch_wal()`);
  await db.execute(sql`checkpoint`);
}
