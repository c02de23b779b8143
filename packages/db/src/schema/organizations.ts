import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export type ModuleFlags = Record<string, { enabled: boolean }>;

export const organizations = pgTable('organizations', {
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
  createdAt: createdAt(),
});
