import type { TConnection } from '@tieline/validation';
import type { ConnectionRow } from '../../access/passive-data';
import { fieldLabelsOf, fieldName, profileFieldsOf } from '../../connectors/slack/profile-fields';

/**
 * A connection as every call answers it (GET connections/{id}, the connect calls, sync): status and
 * counts from the row the sync job keeps current. Never the sealed secret or the upload's storage key.
 */
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((c): c is string => typeof c === 'string') : []);

export function connectionView(row: ConnectionRow): TConnection {
  const labels = row.source === 'slack' ? fieldLabelsOf(row.options) : {};
  const fields = row.source === 'slack' ? profileFieldsOf(row.options) : {};
  const added = row.options.newMessages;
  return {
    _id: row.id,
    source: row.source,
    method: row.method,
    name: row.name,
    status: row.status,
    progress: row.progress,
    people: row.peopleCount,
    interactions: row.interactionCount,
    skipped: row.skippedCount,
    lastSync: row.lastSync?.toISOString() ?? null,
    error: row.error,
    workspaceId: row.externalId,
    channelIds: strings(row.options.channelIds),
    tenantId: row.source === 'office365' ? row.externalId : null,
    groupIds: strings(row.options.groupIds),
    sources: strings(row.options.sources).map((source) => ({ source, progress: row.sourceProgress[source] ?? 0 })),
    fieldLabels: labels,
    profileFields: Object.entries(fields)
      .map(([id, f]) => ({ id, slackLabel: f.slackLabel, name: fieldName(id, f.slackLabel, labels), people: f.people }))
      .sort((a, b) => b.people - a.people || a.id.localeCompare(b.id)),
    newMessages: typeof added === 'number' && row.method === 'export' ? added : null,
    addedToExisting: row.method === 'export' && row.options.addedToExisting === true,
    createdAt: row.createdAt.toISOString(),
  };
}
