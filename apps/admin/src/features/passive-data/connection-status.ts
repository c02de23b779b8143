import { CONNECTION_STATUS_LABEL, PASSIVE_SOURCE_LABEL, type TConnection } from '@tieline/validation';
import { formatDateTime } from '../../lib/format-date';

// One vocabulary for a connection's state wherever it is shown (the overview's cards, Settings'
// Connections table): the words of CONNECTION_STATUS_LABEL, and one sentence for a failure.

export const isBusy = (c: Pick<TConnection, 'status'>) => c.status === 'queued' || c.status === 'running';

export const statusLabel = (c: Pick<TConnection, 'status'>) => CONNECTION_STATUS_LABEL[c.status];

/** "Slack export", "Slack app", "Microsoft 365". */
export function connectionKind(c: Pick<TConnection, 'source' | 'method'>): string {
  if (c.source === 'office365') return PASSIVE_SOURCE_LABEL.office365;
  return `${PASSIVE_SOURCE_LABEL.slack} ${c.method === 'export' ? 'export' : 'app'}`;
}

/**
 * A failure as it is said: a failed import or sync changes nothing queries read, so a connection that
 * completed one before still shows (and queries use) that one's data; one that never did is read by none.
 */
export function failureText(c: Pick<TConnection, 'status' | 'error' | 'lastSync' | 'method'>): string {
  if (c.status !== 'failed') return c.error ?? '';
  const what = c.method === 'export' ? 'import' : 'sync';
  return c.lastSync
    ? `Last ${what} failed: ${c.error}. Queries use the data from ${formatDateTime(c.lastSync)}.`
    : `The ${what} failed: ${c.error}. Nothing is kept yet, and queries do not read this connection.`;
}
