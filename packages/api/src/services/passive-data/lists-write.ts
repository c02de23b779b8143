import { eq, passiveLists, rowsOf, sql, type Tx } from '@tieline/db';
import {
  PASSIVE_MSG,
  type TOk,
  type TPassiveList,
  type TPassiveListInput,
  type TPassiveListUpdate,
} from '@tieline/validation';
import {
  type ListRow,
  type PassiveAccount,
  passiveAccountOf,
  requireConnection,
  requireList,
  requirePassiveManager,
} from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import type { SecretBox } from '../../auth/secrets';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { listViewOf } from './lists-read';
import { personKeys } from './settings-people';

// Owners and Admins make, change and delete lists. Members are kept by person key (the lower-cased
// email, or its HMAC under pseudonymization), so an address can be listed before any source finds it
// and a list survives re-syncs; Slack channel and user group lists keep only what they follow.

interface Members {
  kind: ListRow['kind'];
  connectionId: string | null;
  sourceId: string | null;
  /** Person keys; empty for synced lists. */
  keys: string[];
}

type MembersInput = Omit<TPassiveListInput, 'name'>;

async function membersOf(tx: Tx, secrets: SecretBox, account: PassiveAccount, input: MembersInput): Promise<Members> {
  if (input.connectionId && (input.channelId || input.userGroupId)) {
    const connection = await requireConnection(tx, account, input.connectionId);
    const sourceId = (input.channelId ?? input.userGroupId)!;
    const kinds = input.channelId ? ['channel', 'private'] : ['usergroup'];
    const [found] =
      connection.source === 'slack'
        ? rowsOf<{ kind: string }>(
            await tx.execute(sql`
              select c.kind from passive_conversations c where c.connection_id = ${connection.id}::uuid
                and c.external_id = ${sourceId} and c.kind in (select k.v from jsonb_array_elements_text(${JSON.stringify(kinds)}::jsonb) as k(v))`),
          )
        : [];
    if (!found) throw new AppError('NOT_FOUND', PASSIVE_MSG.conversationNotFound);
    return {
      kind: input.channelId ? 'slackChannel' : 'slackUserGroup',
      connectionId: connection.id,
      sourceId,
      keys: [],
    };
  }
  const keyOf = personKeys(account, secrets);
  const keys = new Set((input.emails ?? []).map(keyOf));
  const ids = input.personIds ?? [];
  if (ids.length > 0) {
    const picked = rowsOf<{ key: string }>(
      await tx.execute(sql`
        select p.key from passive_people p where p.account_id = ${account.id}::uuid
          and p.id in (select e.v::bigint from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as e(v))`),
    );
    if (picked.length !== ids.length) throw new AppError('BAD_REQUEST', PASSIVE_MSG.unknownPerson);
    for (const p of picked) keys.add(p.key);
  }
  return { kind: 'manual', connectionId: null, sourceId: null, keys: [...keys] };
}

export async function replaceMembers(tx: Tx, listId: string, keys: string[]): Promise<void> {
  await tx.execute(sql`delete from passive_list_members m where m.list_id = ${listId}::uuid`);
  const BATCH = 10_000;
  for (let i = 0; i < keys.length; i += BATCH) {
    await tx.execute(sql`
      insert into passive_list_members (list_id, key)
      select ${listId}::uuid, k.v from jsonb_array_elements_text(${JSON.stringify(keys.slice(i, i + BATCH))}::jsonb) as k(v)
      on conflict do nothing`);
  }
}

export async function createList(deps: Deps, caller: SignedInCaller, input: TPassiveListInput): Promise<TPassiveList> {
  requirePassiveManager(caller.actor);
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  return deps.db.transaction(async (tx) => {
    const { keys, ...members } = await membersOf(tx, deps.secrets, account, input);
    const [list] = await tx
      .insert(passiveLists)
      .values({ accountId: account.id, name: input.name, ...members })
      .returning();
    await replaceMembers(tx, list!.id, keys);
    return listViewOf(tx, list!.id);
  });
}

/** Renames the list, and replaces its members when the input gives them. */
export async function updateList(deps: Deps, caller: SignedInCaller, input: TPassiveListUpdate): Promise<TPassiveList> {
  requirePassiveManager(caller.actor);
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const list = await requireList(deps.db, account, input.id);
  const { id, name, ...given } = input;
  const hasMembers = Object.values(given).some((v) => v != null);
  return deps.db.transaction(async (tx) => {
    if (!hasMembers) {
      await tx.update(passiveLists).set({ name, updatedAt: new Date() }).where(eq(passiveLists.id, list.id));
      return listViewOf(tx, list.id);
    }
    const { keys, ...members } = await membersOf(tx, deps.secrets, account, given);
    await tx
      .update(passiveLists)
      .set({ name, ...members, updatedAt: new Date() })
      .where(eq(passiveLists.id, id));
    await replaceMembers(tx, list.id, keys);
    return listViewOf(tx, list.id);
  });
}

export async function deleteList(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TOk> {
  requirePassiveManager(caller.actor);
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const list = await requireList(deps.db, account, input.id);
  await deps.db.delete(passiveLists).where(eq(passiveLists.id, list.id));
  return { ok: true };
}
