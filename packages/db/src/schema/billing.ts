import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Respondent credits as a ledger: every grant, purchase, correction and consumption is a row, and an
 * account's balance is the sum of its rows. An account is an organization, or an individual user.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: id(),
    organizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    change: integer().notNull(),
    reason: text().$type<'grant' | 'purchase' | 'consumption' | 'adjustment'>().notNull(),
    note: text(),
    /** Who made the row (a super admin's grant, the uploader's consumption); null once deleted. */
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('credit_ledger_one_account', sql`(${t.organizationId} is null) <> (${t.userId} is null)`),
    index('credit_ledger_org_idx').on(t.organizationId, t.createdAt),
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Credits an organization owner asked support for (POST /organizations/{id}/requestCredits). */
export const creditRequests = pgTable(
  'credit_requests',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    credits: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('credit_requests_org_idx').on(t.organizationId, t.createdAt)],
);
