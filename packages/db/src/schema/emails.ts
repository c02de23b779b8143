import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { responses, surveys } from './surveys';
import { users } from './users';

/**
 * One "Email Survey" action: the message as the owner wrote it and who it went to. The recipients are
 * fixed when the owner presses the button (one `email_deliveries` row each), so a retry, a restart or a
 * second server can never widen or narrow the send.
 */
export const emailSends = pgTable(
  'email_sends',
  {
    id: id(),
    surveyId: uuid()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    from: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    plainHtml: boolean().notNull(),
    /** The send flags per response status as the owner chose them. */
    statuses: jsonb().$type<Record<string, boolean>>().notNull(),
    recipients: integer().notNull(),
    createdAt: createdAt(),
    /** Set when no delivery is left queued or in flight. */
    finishedAt: at(),
  },
  (t) => [index('email_sends_survey_idx').on(t.surveyId, t.createdAt)],
);

/**
 * One message of a send to one respondent. Exactly-once as far as SMTP allows: a worker claims a few
 * rows (state 'sending' under a lease, FOR UPDATE SKIP LOCKED, so two servers never claim the same row)
 * and marks each 'sent' right after its SMTP answer. A worker killed mid-batch leaves its rows
 * 'sending'; when the lease runs out they are claimed again, so at worst the one message in flight at the
 * kill is repeated, and nobody is skipped.
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: id(),
    sendId: uuid()
      .notNull()
      .references(() => emailSends.id, { onDelete: 'cascade' }),
    responseId: uuid()
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    state: text().$type<'queued' | 'sending' | 'sent' | 'bounced' | 'failed' | 'skipped'>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    runAt: at().notNull().defaultNow(),
    lockedUntil: at(),
    sentAt: at(),
    error: text(),
  },
  (t) => [
    uniqueIndex('email_deliveries_send_response_key').on(t.sendId, t.responseId),
    index('email_deliveries_pending_idx').on(t.sendId, t.runAt).where(sql`${t.state} in ('queued', 'sending')`),
    index('email_deliveries_response_idx').on(t.responseId),
  ],
);

/**
 * A test email's link (`/responses/test/{id}`): the survey as a respondent sees it, saving nothing and
 * adding no names.
 */
export const testEmails = pgTable(
  'test_emails',
  {
    id: id(),
    surveyId: uuid()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    to: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('test_emails_survey_idx').on(t.surveyId)],
);

/** Every attempt to post a submitted response to the survey's completion webhook: the owner's delivery log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    surveyId: uuid()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    responseId: uuid().references(() => responses.id, { onDelete: 'set null' }),
    url: text().notNull(),
    attempt: integer().notNull(),
    /** The HTTP status the receiver answered; null when none came (refused, timed out, unreachable). */
    statusCode: integer(),
    /** 'delivered', 'retrying' or 'failed' (the last attempt). */
    outcome: text().$type<'delivered' | 'retrying' | 'failed'>().notNull(),
    error: text(),
    durationMs: integer().notNull(),
    at: createdAt(),
  },
  (t) => [index('webhook_deliveries_survey_idx').on(t.surveyId, t.at)],
);
