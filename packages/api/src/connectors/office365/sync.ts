import { eq, passiveAccounts, passiveConnections } from '@tieline/db';
import { PASSIVE_MSG, type TOffice365Source } from '@tieline/validation';
import { SyncError } from '../sync-error';
import type { Syncer } from '../syncer';
import { type Office365Sync, SOURCE_ORDER, type SourceSync } from './context';
import { syncDirectory } from './directory';
import { graphSession, secretContext, syncFailure } from './graph-client';
import { OFFICE365_SOURCE_SYNCS } from './sources';

// The Microsoft 365 connection's sync ('office365:api'): the directory first (who is in scope), then
// each other source chosen, in SOURCE_ORDER. Each source reports its own progress (shown per source
// on the overview, in passive_connections.source_progress); the connection's progress is their mean.
// A source resumes from its own cursors (delta links, last-modified times) saved once a mailbox or
// conversation is done, and stores through replaceMessages / replaceRelations, so a sync killed half
// way and run again counts nothing twice.

/** How often per-source progress is written while a sync runs. */
const PROGRESS_EVERY_MS = 500;

const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The application permissions each source reads with (named when Graph refuses one: 403). */
const PERMISSIONS: Record<TOffice365Source, string> = {
  office365Directory: 'User.Read.All',
  office365Email: 'Mail.ReadBasic.All',
  office365Calendar: 'Calendars.ReadBasic',
  office365People: 'People.Read.All',
  microsoftTeams: 'Team.ReadBasic.All, Channel.ReadBasic.All, ChannelMessage.Read.All or Chat.Read.All',
};

export function office365Options(options: Record<string, unknown>) {
  const wanted = ids(options.sources);
  return {
    clientId: String(options.clientId ?? ''),
    sources: SOURCE_ORDER.filter((s) => s === 'office365Directory' || wanted.includes(s)),
    groupIds: ids(options.groupIds),
  };
}

export const office365Sync: Syncer = async (deps, connection, ctx, report) => {
  if (!connection.secret || !connection.externalId) throw new SyncError(PASSIVE_MSG.microsoftAuth);
  const { clientId, sources, groupIds } = office365Options(connection.options);
  const clientSecret = deps.secrets.open(connection.secret, secretContext(connection.id));
  const graph = graphSession(deps.env, { tenantId: connection.externalId, clientId, clientSecret }, 'sync');
  const [account] = await deps.db
    .select({ retentionDays: passiveAccounts.retentionDays, topPeople: passiveAccounts.topPeople })
    .from(passiveAccounts)
    .where(eq(passiveAccounts.id, connection.accountId));
  const progress = new Map<TOffice365Source, number>(sources.map((s) => [s, 0]));
  let written = 0;
  const reporter = (source: TOffice365Source) => async (value: number) => {
    const p = Math.max(0, Math.min(1, value));
    progress.set(source, p);
    // Sources report per mailbox or conversation: the row is written at most every PROGRESS_EVERY_MS,
    // and whenever a source completes (the job's own report is throttled the same way).
    if (p < 1 && Date.now() - written < PROGRESS_EVERY_MS) return;
    written = Date.now();
    await deps.db
      .update(passiveConnections)
      .set({ sourceProgress: Object.fromEntries(progress) })
      .where(eq(passiveConnections.id, connection.id));
    await report([...progress.values()].reduce((a, b) => a + b, 0) / progress.size);
  };
  const base = {
    deps,
    connection,
    ctx,
    graph,
    keptSince: new Date(Date.now() - (account?.retentionDays ?? 180) * 86_400_000),
    topPeople: account?.topPeople ?? 10,
  };
  let permission = groupIds.length > 0 ? 'GroupMember.Read.All' : PERMISSIONS.office365Directory;
  try {
    const scope = await syncDirectory({ ...base, report: reporter('office365Directory') }, groupIds);
    for (const source of sources) {
      const run: SourceSync | undefined = OFFICE365_SOURCE_SYNCS[source];
      if (!run) continue;
      permission = PERMISSIONS[source];
      const s: Office365Sync = { ...base, scope, report: reporter(source) };
      await run(s);
      await s.report(1);
    }
  } catch (error) {
    throw syncFailure(error, permission);
  }
};
