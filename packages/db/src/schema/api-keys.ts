import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { users } from './users';

/**
 * API keys of a user, for scripts (Authorization: Bearer). Only the key's SHA-256 is stored, with the
 * prefix shown in the list; revoking deletes the row.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull(),
    expiresAt: at(),
    lastUsedAt: at(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_key_hash_key').on(t.keyHash), index('api_keys_user_idx').on(t.userId, t.createdAt)],
);
