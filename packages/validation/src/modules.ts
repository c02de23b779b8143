import { z } from 'zod';

/** Module order used for landing after sign-in (spec platform §2, §9). */
export const MODULES = ['networks', 'surveys', 'passiveData', 'meltwater', 'AONA', 'discover'] as const;
export const ZModuleName = z.enum(MODULES);
export type TModuleName = z.infer<typeof ZModuleName>;

export const ZModules = z.object(
  Object.fromEntries(MODULES.map((m) => [m, z.object({ enabled: z.boolean() })])) as Record<
    TModuleName,
    z.ZodObject<{ enabled: z.ZodBoolean }>
  >,
);
export type TModules = z.infer<typeof ZModules>;

/** Path of the first enabled module, or null when none is enabled. */
export function firstEnabledModulePath(modules: TModules | undefined): string | null {
  const first = MODULES.find((m) => modules?.[m]?.enabled);
  return first ? `/${first.toLowerCase()}` : null;
}

export const PLANS = ['free', 'basic', 'professional'] as const;
export const ZPlan = z.enum(PLANS);
export type TPlan = z.infer<typeof ZPlan>;

/** networksSubscriptionType stored per plan (spec platform §9). */
export const PLAN_KEYS: Record<TPlan, string> = {
  free: 'free',
  basic: 'basic_50_public_networks',
  professional: 'professional',
};

export const PERMISSIONS = ['Owner', 'Admin', 'Simplified Access-only'] as const;
export const ZPermission = z.enum(PERMISSIONS);
export type TPermission = z.infer<typeof ZPermission>;

export const ROLES = ['User', 'Admin'] as const;
export const ZRole = z.enum(ROLES);
