import { eq, passiveAccounts, sql } from '@tieline/db';
import type { TPassiveSettings } from '@tieline/validation';
import { type PassiveAccount, passiveAccountOf, requirePassiveManager } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import { nextRefreshAt } from '../../connectors/schedule';
import type { Deps } from '../../deps';
import { deleteExcludedPeople, pseudonymizePeople } from './settings-people';

// The account's passive-data settings (spec §2 /passivedata/settings). Any member of the module reads
// them; Owners and Admins (or an individual for their own account) change them. What a change does to
// data already stored:
// - pseudonymization switched on re-keys every person at once (irreversible: emails and names are gone);
//   switched off, it applies to later syncs only (people keep their pseudonyms until synced again);
// - excluded domains and addresses delete the people they match, with their interactions;
// - retention is applied by the next daily purge; the refresh hour moves the next daily sync.

export const settingsOf = (a: PassiveAccount): TPassiveSettings => ({
  retentionDays: a.retentionDays,
  refreshHour: a.refreshHour,
  excludedDomains: a.excludedDomains,
  excludedAddresses: a.excludedAddresses,
  pseudonymize: a.pseudonymize,
  topPeople: a.topPeople,
});

export async function getSettings(deps: Deps, caller: SignedInCaller): Promise<TPassiveSettings> {
  return settingsOf(await passiveAccountOf(deps.db, deps.secrets, caller.actor));
}

export async function updateSettings(
  deps: Deps,
  caller: SignedInCaller,
  input: Partial<TPassiveSettings>,
): Promise<TPassiveSettings> {
  requirePassiveManager(caller.actor);
  const { id } = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  return deps.db.transaction(async (tx) => {
    // One settings change of an account at a time: the re-keying below must see the settings it changes.
    const [before] = await tx.select().from(passiveAccounts).where(eq(passiveAccounts.id, id)).for('update');
    const [after] = await tx
      .update(passiveAccounts)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(passiveAccounts.id, id))
      .returning();
    if (!before!.pseudonymize && after!.pseudonymize) await pseudonymizePeople(tx, deps.secrets, after!);
    const exclusionsChanged =
      JSON.stringify([before!.excludedDomains, before!.excludedAddresses]) !==
      JSON.stringify([after!.excludedDomains, after!.excludedAddresses]);
    if (exclusionsChanged) await deleteExcludedPeople(tx, deps.secrets, after!);
    if (before!.refreshHour !== after!.refreshHour) {
      await tx.execute(sql`
        update passive_connections c set next_sync_at = ${nextRefreshAt(sql`${after!.refreshHour}::int`)}
        where c.account_id = ${id}::uuid and c.method = 'api'`);
    }
    return settingsOf(after!);
  });
}
