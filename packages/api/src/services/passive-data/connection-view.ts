import type { TConnection } from '@tieline/validation';
import type { ConnectionRow } from '../../access/passive-data';

/**
 * A connection as every call answers it (GET connections/{id}, the connect calls, sync): status and
 * counts from the row the sync job keeps current. Never the sealed secret or the upload's storage key.
 */
export function connectionView(row: ConnectionRow): TConnection {
  const channelIds = row.options.channelIds;
  return {
    _id: row.id,
    source: row.source,
    method: row.method,
    name: row.name,
    status: row.status,
    progress: row.progress,
    people: row.peopleCount,
    interactions: row.interactionCount,
    lastSync: row.lastSync?.toISOString() ?? null,
    error: row.error,
    channelIds: Array.isArray(channelIds) ? channelIds.filter((c): c is string => typeof c === 'string') : [],
    createdAt: row.createdAt.toISOString(),
  };
}
