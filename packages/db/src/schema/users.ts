import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { type ModuleFlags, organizations } from './organizations';

/** Credentials of a person. One login owns one user per organization membership (or an individual user). */
export const userLogins = pgTable(
  'user_logins',
  {
    id: id(),
    email: text().notNull(),
    username: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    verified: boolean().notNull().default(false),
    twoFactorEnabled: boolean().notNull().default(false),
    /** The TOTP secret, encrypted (auth/secrets.ts): never the secret itself. */
    twoFactorSecret: text(),
    /** A secret from generateTwoFactorSecret awaiting its first code, encrypted, until it expires. */
    twoFactorPendingSecret: text(),
    twoFactorPendingExpiresAt: at(),
    /** Last TOTP time step that opened a session; codes of that step or earlier are refused (replay). */
    twoFactorLastStep: integer(),
    mobileNumber: text(),
    hideTutorialVideosMessage: boolean().notNull().default(false),
    /** Set by a super admin: the login cannot sign in, and its sessions and API keys stop working. */
    disabledAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_logins_email_key').on(t.email),
    uniqueIndex('user_logins_username_key').on(t.username),
    // The super admin's user search (substring match on email, name and username).
    index('user_logins_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.email} || ' ' || ${t.name} || ' ' || ${t.username})) gin_trgm_ops`,
    ),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    userLoginId: uuid()
      .notNull()
      .references(() => userLogins.id, { onDelete: 'cascade' }),
    organizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    permission: text(),
    role: text().notNull().default('User'),
    /**
     * Granted by an Owner: this member sees person-level passive data (people, lists, query networks).
     * Owners and Admins always do; everyone else gets group reports only (docs/passive-data.md).
     */
    personLevelPassive: boolean().notNull().default(false),
    category: text(),
    country: text(),
    avatar: text(),
    subscriptionType: text().notNull().default('free'),
    modules: jsonb().$type<ModuleFlags>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('users_user_login_idx').on(t.userLoginId),
    uniqueIndex('users_login_org_key').on(
      t.userLoginId,
      sql`coalesce(${t.organizationId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);

/** Lucia-style sessions: the id is the SHA-256 of the cookie token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userLoginId: uuid()
      .notNull()
      .references(() => userLogins.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at().notNull(),
    absoluteExpiresAt: at().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_login_idx').on(t.userLoginId)],
);

/** Single-use tokens sent by email (verification, password reset); only their hash is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: text().primaryKey(),
    kind: text().$type<'verify' | 'reset'>().notNull(),
    userLoginId: uuid()
      .notNull()
      .references(() => userLogins.id, { onDelete: 'cascade' }),
    expiresAt: at().notNull(),
    usedAt: at(),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_login_idx').on(t.userLoginId, t.kind)],
);

/**
 * Invitations to join an organization (/signup/:token, GET tempUser/:id). The id is the token's hash;
 * `publicId` is how the organization's owner names a pending invitation (edit, delete) without it.
 * `modules` are the owner's choice for the new user (null: the defaults of spec §6 at sign-up).
 */
export const tempUsers = pgTable(
  'temp_users',
  {
    id: text().primaryKey(),
    publicId: uuid().notNull().defaultRandom(),
    email: text().notNull(),
    name: text().notNull(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    permission: text().notNull(),
    modules: jsonb().$type<ModuleFlags>(),
    expiresAt: at().notNull(),
    acceptedAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('temp_users_public_id_key').on(t.publicId),
    index('temp_users_organization_idx').on(t.organizationId, t.email),
  ],
);
