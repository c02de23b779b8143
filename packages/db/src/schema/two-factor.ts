import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { userLogins } from './users';

/**
 * Recovery codes of a login with two-factor sign-in, shown once at enrolment: only each code's SHA-256
 * is kept; a used code keeps its row (usedAt) so the count left can be told. Turning two-factor off or
 * on again deletes them.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userLoginId: uuid()
      .notNull()
      .references(() => userLogins.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: at(),
    createdAt: createdAt(),
  },
  // Also the index of a login's codes (its leading column).
  (t) => [uniqueIndex('recovery_codes_login_hash_key').on(t.userLoginId, t.codeHash)],
);
