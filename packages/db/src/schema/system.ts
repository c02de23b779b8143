import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mail kept in the database when no SMTP server is configured (the embedded outbox). */
export const outboxMessages = pgTable('outbox_messages', {
  id: uuid().primaryKey().defaultRandom(),
  to: text().notNull(),
  from: text().notNull(),
  subject: text().notNull(),
  html: text().notNull(),
  text: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Background jobs, claimed with FOR UPDATE SKIP LOCKED under a lease. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    payload: jsonb().$type<unknown>().notNull(),
    state: text().$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(8),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('jobs_ready_idx').on(t.state, t.runAt)],
);

/** Fixed-window counters for rate limits (sign-in per account and per address). */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
