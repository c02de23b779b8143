import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
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

/**
 * Credits an account asked support for: an organization's owner (POST /organizations/{id}/requestCredits,
 * `organizationId` set) or an individual account (POST /billing/requestCredits, `organizationId` null).
 */
export const creditRequests = pgTable(
  'credit_requests',
  {
    id: id(),
    organizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    credits: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('credit_requests_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * Card payments for credits, one per checkout on the payment provider's page: pending from the
 * checkout until the provider's signed event says it is paid, which grants the credits. The unique
 * session id is what makes the grant happen once, however often and wherever the event arrives.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    providerSessionId: text().notNull(),
    organizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    credits: integer().notNull(),
    /** In the currency's smallest unit; the provider's figure once paid. */
    amountCents: integer().notNull(),
    currency: text().notNull(),
    status: text().$type<'pending' | 'paid'>().notNull().default('pending'),
    /** Who opened the checkout; null once deleted, or when the provider's event came first. */
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    paidAt: at(),
  },
  (t) => [
    check('payments_one_account', sql`(${t.organizationId} is null) <> (${t.userId} is null)`),
    uniqueIndex('payments_provider_session_key').on(t.providerSessionId),
  ],
);
