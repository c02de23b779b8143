import { z } from 'zod';
import { ZId, zLine, zMultiline } from './common';
import { PLAN_KEYS, PLANS, type TPlan } from './constants';
import { ZNetworkName } from './networks';
import { zFlag } from './strict';

// Discover (platform spec §2 /discover, {id}/describe, {id}/duplicate; §9 basic_50_public_networks): a
// gallery of published network snapshots and curated examples. Publishing is capped per plan.

export const DISCOVER_LIMITS = {
  /** Cards per page of GET /discover. */
  pageSize: 12,
  descriptionMax: 2_000,
  tagsMax: 10,
  tagMax: 30,
  searchMax: 200,
  /** Tags the list offers as filters (the most used). */
  tagsListed: 30,
} as const;

/** Networks a user may have published at once, per plan (null: no limit). Spec §9: basic_50_public_networks. */
export const PUBLISH_CAPS: Record<TPlan, number | null> = { free: 1, basic: 50, professional: null };

export const PLAN_LABELS: Record<TPlan, string> = { free: 'Free', basic: 'Basic', professional: 'Professional' };

/** The plan a stored subscription key names; an unknown key is held to the free plan's limits. */
export const planOfKey = (subscriptionType: string): TPlan =>
  PLANS.find((p) => PLAN_KEYS[p] === subscriptionType) ?? 'free';

export const DISCOVER_MSG = {
  notFound: 'This network is not published to Discover',
  descriptionTooLong: `Description must be at most ${DISCOVER_LIMITS.descriptionMax.toLocaleString('en-US')} characters`,
  notText: 'Please enter text',
  tagsNotList: 'Tags must be a list of words',
  tagBlank: 'A tag cannot be blank',
  tagTooLong: `A tag must be at most ${DISCOVER_LIMITS.tagMax} characters`,
  tooManyTags: `A network can have at most ${DISCOVER_LIMITS.tagsMax} tags`,
  searchTooLong: `Search must be at most ${DISCOVER_LIMITS.searchMax} characters`,
  /** 403 past the plan's cap, naming the plan and its limit. */
  capReached: (plan: TPlan) => {
    const cap = PUBLISH_CAPS[plan] ?? 0;
    return `The ${PLAN_LABELS[plan]} plan can publish at most ${cap} network${cap === 1 ? '' : 's'} to Discover. Unpublish one first, or upgrade your plan.`;
  },
  /** 429: every analysis slot stayed taken while a large network's summary waited for one. */
  busy: (running: number, position: number) =>
    `${running === 1 ? '1 analysis is' : `${running} analyses are`} running; this summary was number ${position} in line. Try again in a moment.`,
  /** 503: the summary's worker hit its time or memory limit. */
  tooHeavy: 'This network is too large to describe right now; try again later.',
  /** Publishing a network made from passive data needs the dialog's confirmation (confirmPassive: true). */
  confirmPassive:
    "This network contains people's collaboration data from passive data: confirm that it may be published to every Tieline user",
  passiveManagersOnly:
    'A network made from passive data can be published only by an Owner or Admin of the organization whose data it holds',
  copiedFromShare:
    'This network was copied from a network shared with you (or from such a copy): only networks of your own can be published',
  /** A Discover copy of a passive network would be one its caller may not open: refused up front. */
  passiveCopy:
    "This published network holds people's collaboration data: only its organization's Owners, Admins and members granted person-level passive data may copy it",
} as const;

export const ZDiscoverDescription = zMultiline({
  required: DISCOVER_MSG.notText,
  max: DISCOVER_LIMITS.descriptionMax,
  tooLong: DISCOVER_MSG.descriptionTooLong,
  allowEmpty: true,
});

const ZTag = zLine({ required: DISCOVER_MSG.tagBlank, max: DISCOVER_LIMITS.tagMax, tooLong: DISCOVER_MSG.tagTooLong });

/**
 * Tags: trimmed, blank ones refused, starting with a capital letter as the gallery's examples do ("advice"
 * is kept as "Advice", "ONA" as it is), the same tag in another case kept once (the first spelling).
 */
export const ZDiscoverTags = z
  .array(ZTag, { error: DISCOVER_MSG.tagsNotList })
  .max(DISCOVER_LIMITS.tagsMax * 3, DISCOVER_MSG.tooManyTags)
  .transform((tags) => {
    const seen = new Set<string>();
    return tags
      .map((t) => t.charAt(0).toLocaleUpperCase('en-US') + t.slice(1))
      .filter((t) => {
        const key = t.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  })
  .pipe(z.array(z.string()).max(DISCOVER_LIMITS.tagsMax, DISCOVER_MSG.tooManyTags));

/**
 * PUT /api/base/networks/{id}/publish: `public: false` unpublishes (description and tags then unused).
 * `confirmPassive: true` is the publish dialog's confirmation for a network made from passive data (400
 * without it for such a network; ignored for others).
 */
export const ZPublishInput = z.object({
  id: ZId,
  public: zFlag(),
  description: ZDiscoverDescription.optional(),
  tags: ZDiscoverTags.optional(),
  confirmPassive: zFlag().optional(),
});
export type TPublishInput = z.infer<typeof ZPublishInput>;

/** A network's publication as its owner sees it (the publish dialog). */
export const ZPublication = z.object({
  _id: z.string(),
  public: z.boolean(),
  description: z.string(),
  tags: z.array(z.string()),
  /** When the snapshot was last taken; null when not published. */
  updatedAt: z.string().nullable(),
  /** The network holds people's collaboration data (passive data): publishing needs confirmPassive. */
  passive: z.boolean(),
  /** Why the caller cannot publish it (the message PUT would answer), or null when they can. */
  refused: z.string().nullable(),
});
export type TPublication = z.infer<typeof ZPublication>;

/** GET /api/base/discover: search (name, description, tags), one tag, a page of DISCOVER_LIMITS.pageSize. */
export const ZDiscoverListInput = z
  .object({
    search: z.string().max(DISCOVER_LIMITS.searchMax, DISCOVER_MSG.searchTooLong).optional(),
    tag: z.string().max(DISCOVER_LIMITS.tagMax, DISCOVER_MSG.tagTooLong).optional(),
    page: z.coerce.number({ error: 'page must be a number' }).int().min(1).max(10_000).optional(),
  })
  .default({});
export type TDiscoverListInput = z.infer<typeof ZDiscoverListInput>;

export const ZDiscoverItem = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  people: z.number().int(),
  ties: z.number().int(),
  /** The owner's display name, or "Tieline" for the curated examples. */
  owner: z.string(),
  /** A curated example shipped with Tieline. */
  curated: z.boolean(),
  /** The caller published it. */
  mine: z.boolean(),
  directed: z.boolean(),
  /** A small SVG picture of the network. */
  thumbnail: z.string(),
  updatedAt: z.string(),
  /** A republished copy: the original publication it came from ("from <name>"); null for originals. */
  origin: z.object({ name: z.string(), owner: z.string(), source: z.string() }).nullable(),
});
export type TDiscoverItem = z.infer<typeof ZDiscoverItem>;

export const ZDiscoverList = z.object({
  items: z.array(ZDiscoverItem),
  count: z.number().int(),
  /** The most used tags of the whole gallery, for the tag filter. */
  tags: z.array(z.string()),
});
export type TDiscoverList = z.infer<typeof ZDiscoverList>;

export const ZDiscoverIdInput = z.object({ id: ZId });

const ZRanked = z.object({ name: z.string(), value: z.number() });
const ZValueCount = z.object({ value: z.string(), count: z.number().int() });

/** GET /api/base/discover/{id}: the description and a summary computed from the snapshot. */
export const ZDiscoverDescribe = ZDiscoverItem.extend({
  source: z.string(),
  layers: z.array(z.string()),
  /** Ties as the networks list counts them (every edge of every layer). */
  ties: z.number().int(),
  density: z.number(),
  components: z.number().int(),
  largestComponent: z.number().int(),
  reciprocity: z.number().nullable(),
  modularity: z.number(),
  attributes: z.array(
    z.object({ key: z.string(), type: z.string(), blank: z.number().int(), values: z.array(ZValueCount) }),
  ),
  topByDegree: z.array(ZRanked),
  topByBetweenness: z.array(ZRanked),
  communities: z.array(
    z.object({
      community: z.number().int(),
      size: z.number().int(),
      /** Its best-connected people. */
      members: z.array(z.string()),
      /** Per attribute, the most common value among its people. */
      values: z.array(z.object({ attribute: z.string(), value: z.string(), count: z.number().int() })),
    }),
  ),
  /** Saved views that come with a duplicate. */
  views: z.number().int(),
});
export type TDiscoverDescribe = z.infer<typeof ZDiscoverDescribe>;

/** POST /api/base/discover/{id}/duplicate: the copy's name; "<name> (copy)" by default. */
export const ZDuplicateInput = z.object({ id: ZId, name: ZNetworkName.optional() });
export type TDuplicateInput = z.infer<typeof ZDuplicateInput>;

export const ZDuplicateAnswer = z.object({
  networkId: z.string(),
  name: z.string(),
  people: z.number().int(),
  ties: z.number().int(),
  views: z.number().int(),
});
export type TDuplicateAnswer = z.infer<typeof ZDuplicateAnswer>;
