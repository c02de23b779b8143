import { z } from 'zod';
import { ZId, zLine } from './common';
import { ZModules, ZPlan, ZRole } from './modules';
import { ORGANIZATION_MSG } from './organizations';
import { strictNumber, zFlag } from './strict';

// Super admin (role Admin): admin/management/user and admin/management/organization, and the audit log
// every change there is written to.

export const ADMIN_MSG = {
  loginNotFound: 'User not found',
  userNotFound: 'User not found',
  organizationNotFound: ORGANIZATION_MSG.notFound,
  notYourself: 'You cannot disable your own login or change your own role',
  creditsInvalid: 'Credits must be a whole number between -1,000,000 and 1,000,000, other than 0',
  noteRequired: 'Please enter a reason for the change',
  noteTooLong: 'Reason must be at most 500 characters',
  searchTooLong: 'Search must be at most 200 characters',
  disabledLogin: 'This login has been disabled. Please contact support.',
  belowZero: 'This correction would take the credit balance below zero',
} as const;

export const ADMIN_LIMITS = { perPage: 20, maxPerPage: 100, searchMax: 200, creditsMax: 1_000_000 } as const;

/** A search box and a page of its results (pg_trgm-backed substring match on the server). */
export const ZAdminSearchInput = z.object({
  search: z.string().max(ADMIN_LIMITS.searchMax, ADMIN_MSG.searchTooLong).default(''),
  page: strictNumber(z.number().int().min(1).max(100_000)).default(1),
  perPage: strictNumber(z.number().int().min(1).max(ADMIN_LIMITS.maxPerPage)).default(ADMIN_LIMITS.perPage),
});
export type TAdminSearchInput = z.input<typeof ZAdminSearchInput>;

const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number(), page: z.number() });

export const ZAdminLoginRow = z.object({
  _id: ZId,
  email: z.string(),
  name: z.string(),
  username: z.string(),
  disabled: z.boolean(),
  superAdmin: z.boolean(),
  createdAt: z.string(),
});
export type TAdminLoginRow = z.infer<typeof ZAdminLoginRow>;
export const ZAdminLoginPage = page(ZAdminLoginRow);

/** One user of a login: an individual account or a seat in an organization. */
export const ZAdminUserSeat = z.object({
  _id: ZId,
  organization: z.object({ _id: ZId, name: z.string() }).nullable(),
  permission: z.string().nullable(),
  role: ZRole,
  networksSubscriptionType: z.string(),
  modules: ZModules,
  /** An individual account's credit balance; null for an organization seat (the organization holds them). */
  credits: z.number().nullable(),
});
export type TAdminUserSeat = z.infer<typeof ZAdminUserSeat>;

export const ZAdminLogin = ZAdminLoginRow.extend({
  verified: z.boolean(),
  twoFactorAuthEnabled: z.boolean(),
  users: z.array(ZAdminUserSeat),
});
export type TAdminLogin = z.infer<typeof ZAdminLogin>;

export const ZAdminOrganizationRow = z.object({
  _id: ZId,
  name: z.string(),
  networksSubscriptionType: z.string(),
  members: z.number(),
  createdAt: z.string(),
});
export type TAdminOrganizationRow = z.infer<typeof ZAdminOrganizationRow>;
export const ZAdminOrganizationPage = page(ZAdminOrganizationRow);

export const ZAdminOrganization = ZAdminOrganizationRow.extend({
  modules: ZModules,
  credits: z.number(),
  owners: z.array(z.object({ _id: ZId, name: z.string(), email: z.string() })),
});
export type TAdminOrganization = z.infer<typeof ZAdminOrganization>;

export const ZIdInput = z.object({ id: ZId });
export const ZSetLoginDisabledInput = z.object({ id: ZId, disabled: zFlag() });
export const ZSetRoleInput = z.object({ userId: ZId, role: ZRole });
export const ZSetPlanInput = z.object({ id: ZId, plan: ZPlan });
export const ZSetModulesInput = z.object({ id: ZId, modules: ZModules });

export const ZCreditChange = strictNumber(
  z
    .number({ error: ADMIN_MSG.creditsInvalid })
    .int(ADMIN_MSG.creditsInvalid)
    .min(-ADMIN_LIMITS.creditsMax, ADMIN_MSG.creditsInvalid)
    .max(ADMIN_LIMITS.creditsMax, ADMIN_MSG.creditsInvalid),
).refine((n) => n !== 0, ADMIN_MSG.creditsInvalid);

/** A grant (positive) or correction (negative) of credits, with the reason kept in the ledger. */
export const ZAdjustCreditsInput = z.object({
  id: ZId,
  credits: ZCreditChange,
  note: zLine({ required: ADMIN_MSG.noteRequired, max: 500, tooLong: ADMIN_MSG.noteTooLong }),
});
export type TAdjustCreditsInput = z.input<typeof ZAdjustCreditsInput>;

// Audit log

export const AUDIT_TARGETS = ['login', 'user', 'organization', 'apiKey'] as const;
export type TAuditTarget = (typeof AUDIT_TARGETS)[number];

export const ZAuditEntry = z.object({
  _id: ZId,
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPage = page(ZAuditEntry);

export const ZAuditListInput = z.object({
  targetType: z.enum(AUDIT_TARGETS).optional(),
  targetId: z.string().max(100).optional(),
  page: strictNumber(z.number().int().min(1).max(100_000)).default(1),
  perPage: strictNumber(z.number().int().min(1).max(ADMIN_LIMITS.maxPerPage)).default(ADMIN_LIMITS.perPage),
});
export type TAuditListInput = z.input<typeof ZAuditListInput>;
