import { eq, passiveAccounts, sql } from '@tieline/db';
import {
  PASSIVE_MSG,
  PSEUDONYMIZE_CONFIRM,
  type TPassiveSettings,
  type TPassiveSettingsUpdate,
} from '@tieline/validation';
import { type PassiveAccount, passiveAccountOf, requirePassiveManager } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import { nextRefreshAt } from '../../connectors/schedule';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { accountKeyOf } from '../../jobs/payloads';
import { minimumGroupSizeOf } from './minimum-group';
import { deleteExcludedPeople } from './settings-people';

// The account's passive-data settings (spec §2 /passivedata/settings). Any member of the module reads
// them; Owners and Admins (or an individual for their own account) change them. What a change does to
// data already stored:
// - pseudonymization switched on (after `confirm: "Pseudonymize"`) queues the conversion of everything
//   kept by name (pseudonymize-run.ts; irreversible); switched off, it applies to later syncs only
//   (people keep their pseudonyms until synced again);
// - excluded domains and addresses delete the people they match, with their interactions;
// - retention is applied by the next daily purge; the refresh hour moves the next daily sync.

export const settingsOf = (a: PassiveAccount): TPassiveSettings => ({
  retentionDays: a.retentionDays,
  refreshHour: a.refreshHour,
  excludedDomains: a.excludedDomains,
  excludedAddresses: a.excludedAddresses,
  pseudonymize: a.pseudonymize,
  topPeople: a.topPeople,
  minimumGroupSize: minimumGroupSizeOf(a),
});

export async function getSettings(deps: Deps, caller: SignedInCaller): Promise<TPassiveSettings> {
  return settingsOf(await passiveAccountOf(deps.db, deps.secrets, caller.actor));
}

export async function updateSettings(
  deps: Deps,
  caller: SignedInCaller,
  input: TPassiveSettingsUpdate,
): Promise<TPassiveSettings> {
  requirePassiveManager(caller.actor);
  const { confirm, ...fields } = input;
  const { id } = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const { settings, convert } = await deps.db.transaction(async (tx) => {
    // One settings change of an account at a time: the re-keying below must see the settings it changes.
    const [before] = await tx.select().from(passiveAccounts).where(eq(passiveAccounts.id, id)).for('update');
    const turningOn = !before!.pseudonymize && fields.pseudonymize === true;
    if (turningOn && confirm !== PSEUDONYMIZE_CONFIRM)
      throw new AppError('BAD_REQUEST', PASSIVE_MSG.pseudonymizeConfirm);
    // Switched on, or saved again after a conversion failed: the conversion (re)starts.
    const convert =
      turningOn || (before!.pseudonymize && fields.pseudonymize !== false && before!.pseudonymizeStatus === 'failed');
    const [after] = await tx
      .update(passiveAccounts)
      .set({
        ...fields,
        ...(convert ? { pseudonymizeStatus: 'queued' as const, pseudonymizeProgress: 0, pseudonymizeError: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(passiveAccounts.id, id))
      .returning();
    const exclusionsChanged =
      JSON.stringify([before!.excludedDomains, before!.excludedAddresses]) !==
      JSON.stringify([after!.excludedDomains, after!.excludedAddresses]);
    // While converting, the conversion deletes excluded people once it has taken them out of networks.
    const converting = convert || before!.pseudonymizeStatus === 'queued' || before!.pseudonymizeStatus === 'running';
    if (exclusionsChanged && !converting) await deleteExcludedPeople(tx, deps.secrets, after!);
    if (before!.refreshHour !== after!.refreshHour) {
      await tx.execute(sql`
        update passive_connections c set next_sync_at = ${nextRefreshAt(sql`${after!.refreshHour}::int`)}
        where c.account_id = ${id}::uuid and c.method = 'api'`);
    }
    return { settings: settingsOf(after!), convert };
  });
  if (convert) await deps.enqueue('passive-pseudonymize', { accountId: id }, { account: accountKeyOf(caller.actor) });
  return settings;
}
