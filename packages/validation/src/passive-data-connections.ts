import { z } from 'zod';
import { ZId } from './common';
import { CONNECTION_METHODS, CONNECTION_STATUSES, PASSIVE_SOURCES, ZPassiveName } from './passive-data';
import { PASSIVE_MSG } from './passive-data-messages';

// A connection as the calls answer it, and what its settings change: the labels of a Slack
// workspace's custom profile fields. Slack writes those fields in users.json (and users.list) keyed by
// the field's id (`"Xf01ABC": { "value": "Sales", "alt": "" }`) without a label; the labels come from
// the Slack app (team.profile.get) or from the person connecting, as `fieldLabels`. The rules users
// read are in docs/passive-data.md ("Profile fields").

export const FIELD_LABEL_LIMITS = { fields: 200, labelMax: 100 } as const;

/** A Slack custom profile field id, as Slack spells them (Xf01ABC23). */
const ZFieldId = z.string().regex(/^[A-Za-z0-9]{2,40}$/);

/**
 * Slack field id -> the label queries and reports name the field by. Labels are trimmed, not blank, at
 * most 100 characters, never `title` (the title is its own attribute), and each used once (case aside).
 */
export const ZFieldLabels = z
  .record(z.string(), z.unknown(), { error: PASSIVE_MSG.fieldLabelsShape })
  .superRefine((labels, ctx) => {
    const entries = Object.entries(labels);
    if (entries.length > FIELD_LABEL_LIMITS.fields)
      return void ctx.addIssue({
        code: 'custom',
        message: PASSIVE_MSG.tooMany('field labels', FIELD_LABEL_LIMITS.fields),
      });
    const seen = new Map<string, string>();
    for (const [id, label] of entries) {
      if (!ZFieldId.safeParse(id).success)
        return void ctx.addIssue({ code: 'custom', message: PASSIVE_MSG.fieldIdShape(id) });
      if (typeof label !== 'string')
        return void ctx.addIssue({ code: 'custom', message: PASSIVE_MSG.fieldLabelsShape });
      const text = label.trim();
      if (text === '' || text.length > FIELD_LABEL_LIMITS.labelMax)
        return void ctx.addIssue({ code: 'custom', message: PASSIVE_MSG.fieldLabelLength(id) });
      if (text.toLowerCase() === 'title')
        return void ctx.addIssue({ code: 'custom', message: PASSIVE_MSG.fieldLabelTitle(id) });
      if (seen.has(text.toLowerCase()))
        return void ctx.addIssue({ code: 'custom', message: PASSIVE_MSG.fieldLabelTwice(text) });
      seen.set(text.toLowerCase(), id);
    }
  })
  .transform((labels) =>
    Object.fromEntries(Object.entries(labels).map(([id, label]) => [id, String(label).trim()] as const)),
  );
export type TFieldLabels = z.output<typeof ZFieldLabels>;

/** `fieldLabels` as a multipart form field carries it: JSON text of ZFieldLabels (blank: none). */
export const ZFieldLabelsText = z
  .string()
  .transform((text, ctx) => {
    if (text.trim() === '') return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: PASSIVE_MSG.fieldLabelsJson });
      return z.NEVER;
    }
  })
  .pipe(ZFieldLabels);

/**
 * Field labels as a person types them on the upload form, one per line (`Xf01ABC = Department`, or with
 * a colon), checked by ZFieldLabels; blank lines are skipped. Answers the labels or the first problem.
 */
export function fieldLabelsFromLines(text: string): { labels: TFieldLabels } | { problem: string } {
  const labels: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const match = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(line);
    if (!match) return { problem: PASSIVE_MSG.fieldLabelLine(line) };
    labels[match[1]!] = match[2]!;
  }
  const checked = ZFieldLabels.safeParse(labels);
  return checked.success ? { labels: checked.data } : { problem: checked.error.issues[0]!.message };
}

/** The text fields of POST connections/slackExport (multipart; the zip is its `file`). */
export const ZSlackExportFields = z.object({ name: ZPassiveName, fieldLabels: ZFieldLabelsText.optional() });

/** PUT connections/{id}/fieldLabels: the labels of a Slack connection's fields, all of them (replaced). */
export const ZConnectionFieldLabelsInput = z.object({ id: ZId, fieldLabels: ZFieldLabels });
export type TConnectionFieldLabelsInput = z.output<typeof ZConnectionFieldLabelsInput>;

export const ZConnection = z.object({
  _id: ZId,
  source: z.enum(PASSIVE_SOURCES),
  method: z.enum(CONNECTION_METHODS),
  name: z.string(),
  /** queued, running, done, failed: shown as CONNECTION_STATUS_LABEL says. */
  status: z.enum(CONNECTION_STATUSES),
  progress: z.number(),
  /**
   * What queries use: the people and interactions kept from the last completed import or sync (a failed
   * one changes nothing kept). 0 before the first completed one, when queries do not read it at all.
   */
  people: z.number().int(),
  interactions: z.number().int(),
  /** Interactions the last sync skipped as dated outside [now - retention, now + 1 day]. */
  skipped: z.number().int(),
  /** When the last import or sync completed; null: none has, and queries do not offer the connection. */
  lastSync: z.string().nullable(),
  error: z.string().nullable(),
  /** The Slack workspace (team id) or Microsoft tenant read: connections with one id are one workspace. */
  workspaceId: z.string().nullable(),
  /** Slack API: the channels the connection is restricted to (empty: every channel the app sees). */
  channelIds: z.array(z.string()),
  /** Microsoft 365: the tenant (Slack: null). */
  tenantId: z.string().nullable(),
  /** Microsoft 365: the optional groups the directory is restricted to. */
  groupIds: z.array(z.string()),
  /** Microsoft 365: the sources collected (OFFICE365_SOURCES) and the current sync's progress of each (0..1). */
  sources: z.array(z.object({ source: z.string(), progress: z.number() })),
  /** Slack: the labels given to custom profile fields (field id -> label). */
  fieldLabels: z.record(z.string(), z.string()),
  /**
   * Slack: the custom profile fields the last import or sync found, by field id, with the label Slack
   * gave (the app's team.profile.get; an export gives none), the one used, and how many people hold it.
   */
  profileFields: z.array(
    z.object({ id: z.string(), slackLabel: z.string().nullable(), name: z.string(), people: z.number().int() }),
  ),
  /** Exports: the messages the last completed import added (not stored before); null before one. */
  newMessages: z.number().int().nullable(),
  /**
   * Exports: the last export uploaded was of a workspace already connected, so it went to this connection
   * (its name unchanged) and `newMessages` counts what it added. False for a connection's first export.
   */
  addedToExisting: z.boolean(),
  createdAt: z.string(),
});
export type TConnection = z.infer<typeof ZConnection>;

/** The upload's answer: the connection (`addedToExisting`: the export went to one already there). */
export const ZSlackExportUploaded = ZConnection;
export type TSlackExportUploaded = z.infer<typeof ZSlackExportUploaded>;

/** GET passiveData/attributes: the attributes the account's people hold, with how many hold each. */
export const ZPassiveAttributes = z.array(z.object({ name: z.string(), people: z.number().int() }));
export type TPassiveAttributes = z.infer<typeof ZPassiveAttributes>;
