import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export type ModuleFlags = Record<string, { enabled: boolean }>;

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text().notNull(),
    type: text().notNull().default('organization'),
    logos: jsonb().$type<Record<string, string>>().notNull().default({}),
    samlEnabled: boolean().notNull().default(false),
    /** The IdP's signing certificate: the base64 body, marker lines and line breaks removed (spec §4). */
    samlCert: text(),
    /** The IdP's single sign-on URL, where our AuthnRequest goes. */
    samlEntryPoint: text(),
    /** The IdP's entity ID, required as the Issuer of what it signs. */
    samlIssuer: text(),
    /** Where community sign-in sends people afterwards; set by the owner, https only. */
    communityUrl: text(),
    modules: jsonb().$type<ModuleFlags>().notNull(),
    /** The organization's plan key (spec §9), set by a super admin. */
    subscriptionType: text().notNull().default('free'),
    createdAt: createdAt(),
  },
  // The super admin's organization search (substring match on the name).
  (t) => [index('organizations_name_trgm_idx').using('gin', sql`(lower(${t.name})) gin_trgm_ops`)],
);
