import { z } from 'zod';
import { ZPassiveSettings } from './passive-data';

// Turning pseudonymization on (docs/passive-data.md "Settings and privacy"): a typed confirmation, and
// what the settings page's dialog shows before it (what will be rewritten, what is left alone) and
// after it (the conversion's progress).

/** What must be typed, exactly, with `pseudonymize: true` while it is off. */
export const PSEUDONYMIZE_CONFIRM = 'Pseudonymize';

/** PUT /passiveData/settings: the fields given change; `confirm` carries the typed word. */
export const ZPassiveSettingsUpdate = ZPassiveSettings.partial().extend({
  confirm: z.string().max(100).optional(),
});
export type TPassiveSettingsUpdate = z.output<typeof ZPassiveSettingsUpdate>;

const ZNetworkRef = z.object({ _id: z.string(), name: z.string() });

/** GET /passiveData/settings/pseudonymization. */
export const ZPseudonymization = z.object({
  pseudonymize: z.boolean(),
  /** The conversion: null before any ran. */
  status: z.enum(['queued', 'running', 'done', 'failed']).nullable(),
  /** 0..1 of the conversion running. */
  progress: z.number(),
  error: z.string().nullable(),
  /** People kept by name or address now (what the conversion rewrites). */
  people: z.number().int(),
  /** Lists whose members are kept by address. */
  lists: z.number().int(),
  /** Networks made from this account's passive data and held by its members, with their kept versions. */
  networks: z.array(ZNetworkRef.extend({ versions: z.number().int() })),
  /** Such networks held by people outside the account (Discover copies): rewritten too, named nowhere here. */
  otherCopies: z.number().int(),
  /** The members' networks that are not passive data (uploads, surveys): left alone. At most 100 named. */
  untouched: z.array(ZNetworkRef),
  untouchedTotal: z.number().int(),
});
export type TPseudonymization = z.infer<typeof ZPseudonymization>;
