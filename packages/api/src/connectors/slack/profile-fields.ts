// Slack's custom profile fields. Slack writes them on each user (users.json of an export, users.list of
// the API) keyed by the field's id, `"Xf01ABC": { "value": "Sales", "alt": "" }`, without a label: the
// labels are the workspace's (team.profile.get, which an export does not include). A person's field is
// kept as an attribute named by the label the connection was given (`fieldLabels`), else the one Slack
// gave (team.profile.get, or a `label` some exports carry), else its id; queries and reports name it so.
// The fields found, with Slack's label and how many people hold each, are kept on the connection
// (options.profileFields) so that its settings can offer them for labelling.

/** Field id -> label, as the connection's settings keep them (ZFieldLabels). */
export type FieldLabels = Record<string, string>;

/** A field the last import or sync found: the label Slack gave (null: none) and the people holding it. */
export interface ProfileFieldSeen {
  slackLabel: string | null;
  people: number;
}
export type ProfileFieldsSeen = Record<string, ProfileFieldSeen>;

/** The attribute a field is kept under. */
export const fieldName = (id: string, slackLabel: string | null | undefined, labels: FieldLabels): string =>
  labels[id] ?? (slackLabel || id);

/** What a connection's options say of its fields (user input once, so read defensively). */
export function fieldLabelsOf(options: Record<string, unknown>): FieldLabels {
  const raw = options.fieldLabels;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {};
  return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export function profileFieldsOf(options: Record<string, unknown>): ProfileFieldsSeen {
  const raw = options.profileFields;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: ProfileFieldsSeen = {};
  for (const [id, v] of Object.entries(raw as Record<string, Partial<ProfileFieldSeen>>)) {
    out[id] = {
      slackLabel: typeof v?.slackLabel === 'string' ? v.slackLabel : null,
      people: typeof v?.people === 'number' ? v.people : 0,
    };
  }
  return out;
}

/** Counts the fields met while people are read. */
export class FieldTally {
  private readonly seen = new Map<string, ProfileFieldSeen>();

  add(id: string, slackLabel: string | null): void {
    const found = this.seen.get(id);
    if (found) {
      found.people++;
      found.slackLabel ??= slackLabel;
    } else this.seen.set(id, { slackLabel, people: 1 });
  }

  toJSON(): ProfileFieldsSeen {
    return Object.fromEntries(this.seen);
  }
}

/**
 * One person's fields as attributes (into `into`, a Map so that a field labelled `__proto__` is a field
 * like any other), each named by fieldName; `slackLabels` are the workspace's (team.profile.get).
 */
export function readProfileFields(
  fields: Record<string, unknown> | null | undefined,
  value: (field: Record<string, unknown>) => string | null,
  labels: FieldLabels,
  slackLabels: FieldLabels,
  tally: FieldTally | null,
  into: Map<string, string>,
): void {
  if (!fields || typeof fields !== 'object') return;
  for (const [id, raw] of Object.entries(fields)) {
    if (raw === null || typeof raw !== 'object') continue;
    const field = raw as Record<string, unknown>;
    const v = value(field);
    if (!v) continue;
    const own = typeof field.label === 'string' && field.label.trim() ? field.label.trim() : null;
    const slackLabel = slackLabels[id] ?? own;
    tally?.add(id, slackLabel);
    into.set(fieldName(id, slackLabel, labels), v);
  }
}
