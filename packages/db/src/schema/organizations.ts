import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export type ModuleFlags = Record<string, { enabled: boolean }>;

export const organizations = pgTable('organizations', {
  id: id(),
  name: text().notNull(),
  type: text().notNull().default('organization'),
  logos: jsonb().$type<Record<string, string>>().notNull().default({}),
  samlEnabled: boolean().notNull().default(false),
  samlCert: text(),
  modules: jsonb().$type<ModuleFlags>().notNull(),
  createdAt: createdAt(),
});
