import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';

/** Mail kept in the database when no SMTP server is configured (the embedded outbox). */
export const outboxMessages = pgTable('outbox_messages', {
  id: id(),
  to: text().notNull(),
  from: text().notNull(),
  subject: text().notNull(),
  html: text().notNull(),
  text: text().notNull(),
  createdAt: createdAt(),
});

/** Background jobs, claimed with FOR UPDATE SKIP LOCKED under a lease. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    /** Enqueue order: the tiebreak when run_at values are equal (PGlite's clock has millisecond steps). */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    payload: jsonb().$type<unknown>().notNull(),
    state: text().$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(8),
    runAt: at().notNull().defaultNow(),
    lockedUntil: at(),
    lastError: text(),
    createdAt: createdAt(),
    finishedAt: at(),
    /** Which claim loop runs it (jobs/payloads.ts JOB_LANES): mail never waits behind an import. */
    lane: text().$type<'mail' | 'work'>().notNull().default('work'),
    /** Whose work it is (organization id, else user id; '' for none): a lane's slots are shared fairly by it. */
    accountKey: text().notNull().default(''),
    /** Where the running attempt is (JobAttempt.step), e.g. "conversation general". */
    step: text(),
    /** How often its worker thread or its server died while running it, and where and how the last time. */
    deaths: integer().notNull().default(0),
    deathStep: text(),
    deathCause: text().$type<'server' | 'memory' | 'time' | 'exit'>(),
  },
  // Claims look up due rows by lane, and running rows (expired leases, busy accounts) by state.
  (t) => [index('jobs_ready_idx').on(t.state, t.lane, t.runAt)],
);

/** Fixed-window counters for rate limits (sign-in per account and per address). */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: at().notNull(),
});
