import { eq, passiveConnections, sql, type Tx } from '@tieline/db';
import {
  PASSIVE_MSG,
  type TConnection,
  type TConnectionFieldLabelsInput,
  type TFieldLabels,
} from '@tieline/validation';
import {
  type ConnectionRow,
  passiveAccountOf,
  requireConnection,
  requirePassiveManager,
} from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import { fieldLabelsOf, fieldName, profileFieldsOf } from '../../connectors/slack/profile-fields';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { connectionView } from './connection-view';

// The labels of a Slack connection's custom profile fields (connectors/slack/profile-fields.ts), set at
// upload (`fieldLabels`) and changed later in its settings. A person's field is stored as an attribute
// named by its label, so a change renames the attribute on the connection's people at once (the next
// import or sync names it the same way): queries, reports and the attributes list see the new name.

/** Prefix of the names a rename passes through (a control character: no source names a field so), so that swapping two labels loses nothing. */
const MOVING = '\u0001tieline-moving:';

/**
 * Renames the connection's people's attributes from the names `before` gave its fields to the names
 * `after` gives them, in the caller's transaction (the connection row locked by the caller).
 */
export async function renameFieldAttributes(
  tx: Tx,
  connection: Pick<ConnectionRow, 'id' | 'options'>,
  before: TFieldLabels,
  after: TFieldLabels,
): Promise<void> {
  const fields = profileFieldsOf(connection.options);
  const ids = new Set([...Object.keys(fields), ...Object.keys(before), ...Object.keys(after)]);
  const renames: { from: string; to: string; via: string }[] = [];
  for (const id of ids) {
    const slackLabel = fields[id]?.slackLabel ?? null;
    const from = fieldName(id, slackLabel, before);
    const to = fieldName(id, slackLabel, after);
    if (from !== to) renames.push({ from, to, via: `${MOVING}${id}` });
  }
  // The connection's identities name the field anew; their people take the new name with the value this
  // connection gave, and keep the old name only with a value another connection gave (its own field).
  const move = async (from: string, to: string) => {
    await tx.execute(sql`
      update passive_identities i set attributes = (i.attributes - ${from}::text) || jsonb_build_object(${to}::text, i.attributes -> ${from}::text)
      where i.connection_id = ${connection.id}::uuid and i.attributes ? ${from}::text`);
    await tx.execute(sql`
      update passive_people p set attributes = (p.attributes - ${from}::text)
        || coalesce((select jsonb_build_object(${from}::text, o.attributes -> ${from}::text) from passive_identities o
             where o.person_id = p.id and o.connection_id <> ${connection.id}::uuid and o.attributes ? ${from}::text
             limit 1), '{}'::jsonb)
        || jsonb_build_object(${to}::text, i.attributes -> ${to}::text)
      from passive_identities i
      where i.person_id = p.id and i.connection_id = ${connection.id}::uuid and i.attributes ? ${to}::text`);
  };
  for (const r of renames) await move(r.from, r.via);
  for (const r of renames) await move(r.via, r.to);
}

/**
 * PUT connections/{id}/fieldLabels: Owners and Admins; Slack connections only (400); not while an import
 * or sync runs (409: it names fields as it reads them). The labels given replace the connection's.
 */
export async function updateFieldLabels(
  deps: Deps,
  caller: SignedInCaller,
  input: TConnectionFieldLabelsInput,
): Promise<TConnection> {
  requirePassiveManager(caller.actor);
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const found = await requireConnection(deps.db, account, input.id);
  if (found.source !== 'slack') throw new AppError('BAD_REQUEST', PASSIVE_MSG.fieldLabelsSlackOnly);
  const row = await deps.db.transaction(async (tx) => {
    const [connection] = await tx
      .select()
      .from(passiveConnections)
      .where(eq(passiveConnections.id, found.id))
      .for('update');
    if (!connection) throw new AppError('NOT_FOUND', PASSIVE_MSG.connectionNotFound);
    if (connection.status === 'queued' || connection.status === 'running')
      throw new AppError('CONFLICT', PASSIVE_MSG.fieldLabelsBusy);
    await renameFieldAttributes(tx, connection, fieldLabelsOf(connection.options), input.fieldLabels);
    const [updated] = await tx
      .update(passiveConnections)
      .set({
        options: sql`${passiveConnections.options} || ${JSON.stringify({ fieldLabels: input.fieldLabels })}::jsonb`,
      })
      .where(eq(passiveConnections.id, connection.id))
      .returning();
    return updated!;
  });
  return connectionView(row);
}
