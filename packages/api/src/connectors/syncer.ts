import type { ConnectionRow } from '../access/passive-data';
import type { JobDeps } from '../jobs/define';
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
  /** Records where the sync is ("conversation general"): JobAttempt.step, absent when run directly. */
  step?: (label: string) => Promise<void>,
) => Promise<void>;

// In a file of its own so connectors can import it without importing this registry (a cycle).
export { SyncError } from './sync-error';
