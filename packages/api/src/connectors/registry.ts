import type { ConnectionRow } from '../access/passive-data';
import type { JobDeps } from '../jobs/define';
import { slackExportSync } from './slack/export-sync';
import type { StoreContext } from './store/context';

/**
 * A connector's sync: reads what the source serves since the connection's cursors, stores people and
 * interactions through store/, reports progress (0..1). Throws a SyncError for what retrying cannot
 * fix (a revoked token, a bad file); anything else is retried by the job queue with backoff.
 */
export type Syncer = (
  deps: JobDeps,
  connection: ConnectionRow,
  ctx: StoreContext,
  report: (progress: number) => Promise<void>,
) => Promise<void>;

/** A failure retrying cannot fix: the message is shown on the connection as is. */
export class SyncError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SyncError';
  }
}

/** Every connector, by `<source>:<method>` of its connections. */
export const SYNCERS: Partial<Record<`${ConnectionRow['source']}:${ConnectionRow['method']}`, Syncer>> = {
  'slack:export': slackExportSync,
};
