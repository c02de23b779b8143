import { z } from 'zod';
import { MODULES, PERMISSIONS, PLANS, ROLES, type TModuleName } from './constants';

export const ZModuleName = z.enum(MODULES);

export const ZModules = z.object(
  Object.fromEntries(MODULES.map((m) => [m, z.object({ enabled: z.boolean() })])) as Record<
    TModuleName,
    z.ZodObject<{ enabled: z.ZodBoolean }>
  >,
);

export const ZPlan = z.enum(PLANS);
export const ZPermission = z.enum(PERMISSIONS);
export const ZRole = z.enum(ROLES);
