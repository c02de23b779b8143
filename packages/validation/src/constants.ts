// Plain constants and helpers with no zod, so pages that need only these stay small.

/** Module order used for landing after sign-in (spec platform §2, §9). */
export const MODULES = ['networks', 'surveys', 'passiveData', 'meltwater', 'AONA', 'discover'] as const;
export type TModuleName = (typeof MODULES)[number];
export type TModules = Record<TModuleName, { enabled: boolean }>;

/** Path of the first enabled module, or null when none is enabled. */
export function firstEnabledModulePath(modules: TModules | undefined): string | null {
  const first = MODULES.find((m) => modules?.[m]?.enabled);
  return first ? `/${first.toLowerCase()}` : null;
}

/** How each module is named to people (navigation, messages). */
export const MODULE_LABELS: Record<TModuleName, string> = {
  networks: 'Networks',
  surveys: 'Surveys',
  passiveData: 'Passive Data',
  meltwater: 'Meltwater',
  AONA: 'AONA',
  discover: 'Discover',
};

/** Why a call or page of a module is refused to a user without it (the server's 403 and the page say the same). */
export const moduleOffMessage = (module: TModuleName) =>
  `${MODULE_LABELS[module]} is not enabled for your account. Your organization administrator or Tieline support can turn it on.`;

/**
 * The modules a user may use: their own flags, within their organization's (an organization that turns
 * a module off turns it off for every member, whatever their own flag says).
 */
export function effectiveModules(
  user: Record<string, { enabled: boolean } | undefined>,
  org: Record<string, { enabled: boolean } | undefined> | null,
): TModules {
  return Object.fromEntries(
    MODULES.map((m) => [m, { enabled: !!user[m]?.enabled && (org === null || !!org[m]?.enabled) }]),
  ) as TModules;
}

const ON_BY_DEFAULT: readonly TModuleName[] = ['networks', 'surveys', 'discover'];

/**
 * Modules of a new user (spec §6): networks, surveys and discover follow the organization's enabled
 * state (on for individuals); passiveData, AONA and meltwater start off.
 */
export function defaultModules(org?: { modules: Record<string, { enabled: boolean } | undefined> } | null): TModules {
  return Object.fromEntries(
    MODULES.map((m) => [m, { enabled: ON_BY_DEFAULT.includes(m) && (org ? !!org.modules[m]?.enabled : true) }]),
  ) as TModules;
}

/** Stored module flags as the wire sends them: every module named, missing ones off. */
export function normalizeModules(flags: Record<string, { enabled: boolean } | undefined>): TModules {
  return Object.fromEntries(MODULES.map((m) => [m, { enabled: !!flags[m]?.enabled }])) as TModules;
}

export const PLANS = ['free', 'basic', 'professional'] as const;
export type TPlan = (typeof PLANS)[number];

/** networksSubscriptionType stored per plan (spec platform §9). */
export const PLAN_KEYS: Record<TPlan, string> = {
  free: 'free',
  basic: 'basic_50_public_networks',
  professional: 'professional',
};

export const PERMISSIONS = ['Owner', 'Admin', 'Simplified Access-only'] as const;
export type TPermission = (typeof PERMISSIONS)[number];

export const ROLES = ['User', 'Admin'] as const;

/** New passwords (passwords.ts): NIST SP 800-63B minimum; the maximum bounds hashing work. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Length in Unicode code points, as NIST counts it: an emoji is one character, not two UTF-16 units. */
export function passwordLength(password: string): number {
  let length = 0;
  for (const _ of password) length += 1;
  return length;
}

/**
 * Calls in one tRPC batch request at most: the server refuses a larger batch (400), so the apps' batch
 * links split theirs to fit (a series page asks for each snapshot's document at once).
 */
export const TRPC_BATCH_MAX = 10;
