import { randomInt } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { type Db, eq, passiveLists, rowsOf, sql, type Tx } from '@tieline/db';
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

async function membersOf(
  tx: Db | Tx,
  secrets: SecretBox,
  account: PassiveAccount,
  input: MembersInput,
): Promise<Members> {
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

/** Members written per statement: each short, so a large list never holds the database for long. */
const MEMBERS_PER_STATEMENT = 500;

/**
 * Writes `keys` as a new generation of the list's members, one short statement at a time and outside
 * any transaction (on the embedded database a transaction holds its one connection, so a long one
 * would make every other account wait). Nothing reads them until `flipMembers` makes them the list's.
 */
export async function writeMembers(db: Db, listId: string, keys: readonly string[]): Promise<number> {
  const generation = randomInt(1, 2 ** 31 - 1);
  for (let i = 0; i < keys.length; i += MEMBERS_PER_STATEMENT) {
    await db.execute(sql`
      insert into passive_list_members (list_id, generation, key)
      select ${listId}::uuid, ${generation}, k.v
      from jsonb_array_elements_text(${JSON.stringify(keys.slice(i, i + MEMBERS_PER_STATEMENT))}::jsonb) as k(v)
      on conflict do nothing`);
    // The embedded database answers through microtasks: without a turn of the event loop here, the
    // statements would run back to back and other calls would wait for all of them.
    await setImmediate();
  }
  return generation;
}

/** In the caller's transaction: the list's members become `generation`'s (the list row, with `set`). */
async function flipMembers(tx: Tx, listId: string, generation: number, set: Partial<typeof passiveLists.$inferInsert>) {
  await tx
    .update(passiveLists)
    .set({ ...set, generation, updatedAt: new Date() })
    .where(eq(passiveLists.id, listId));
}

/** The rows of the list's other generations (replaced, or written by an upload that never flipped). */
async function dropOtherGenerations(db: Db, listId: string): Promise<void> {
  for (;;) {
    const gone = rowsOf(
      await db.execute(sql`
        delete from passive_list_members m where m.ctid in (
          select o.ctid from passive_list_members o join passive_lists l on l.id = o.list_id
          where o.list_id = ${listId}::uuid and o.generation <> l.generation limit ${MEMBERS_PER_STATEMENT})
        returning 1`),
    );
    if (gone.length < MEMBERS_PER_STATEMENT) return;
    await setImmediate();
  }
}

/**
 * Replaces the list's members (and sets `set` on its row) as one change: the new generation is written
 * first, then the list flips to it in one small transaction, then the old one goes.
 */
export async function replaceMembers(
  db: Db,
  listId: string,
  keys: readonly string[],
  set: Partial<typeof passiveLists.$inferInsert> = {},
): Promise<void> {
  const generation = await writeMembers(db, listId, keys);
  await db.transaction((tx) => flipMembers(tx, listId, generation, set));
  await dropOtherGenerations(db, listId);
}

export async function createList(deps: Deps, caller: SignedInCaller, input: TPassiveListInput): Promise<TPassiveList> {
  requirePassiveManager(caller.actor);
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const { keys, ...members } = await membersOf(deps.db, deps.secrets, account, input);
  // The list first, with no members (generation 0 has none), then its members as one change.
  const [list] = await deps.db
    .insert(passiveLists)
    .values({ accountId: account.id, name: input.name, ...members })
    .returning();
  await replaceMembers(deps.db, list!.id, keys);
  return listViewOf(deps.db, list!.id);
}

/** Renames the list, and replaces its members when the input gives them. */
export async function updateList(deps: Deps, caller: SignedInCaller, input: TPassiveListUpdate): Promise<TPassiveList> {
  requirePassiveManager(caller.actor);
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const list = await requireList(deps.db, account, input.id);
  const { id, name, ...given } = input;
  const hasMembers = Object.values(given).some((v) => v != null);
  if (!hasMembers) {
    await deps.db.update(passiveLists).set({ name, updatedAt: new Date() }).where(eq(passiveLists.id, list.id));
    return listViewOf(deps.db, list.id);
  }
  const { keys, ...members } = await membersOf(deps.db, deps.secrets, account, given);
  await replaceMembers(deps.db, list.id, keys, { name, ...members });
  return listViewOf(deps.db, id);
}

export async function deleteList(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TOk> {
  requirePassiveManager(caller.actor);
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const list = await requireList(deps.db, account, input.id);
  await deps.db.delete(passiveLists).where(eq(passiveLists.id, list.id));
  return { ok: true };
}
