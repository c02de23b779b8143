import type { ConnectionRow } from '../access/passive-data';
import { office365Sync } from './office365/sync';
import { slackApiSync } from './slack/api-sync';
import { slackExportSync } from './slack/export-sync';
import type { Syncer } from './syncer';

export type { Syncer } from './syncer';

/** Every connector, by `<source>:<method>` of its connections. */
export const SYNCERS: Partial<Record<`${ConnectionRow['source']}:${ConnectionRow['method']}`, Syncer>> = {
  'office365:api': office365Sync,
  'slack:api': slackApiSync,
  'slack:export': slackExportSync,
};
