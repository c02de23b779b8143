import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { users } from './users';

/**
 * A question as the survey row keeps it: the wire shape of @tieline/validation's TQuestionData (db
 * imports nothing of ours, so the shape is restated loosely here and checked where it is read).
 */
export type StoredQuestion = { _id: string; type: string; previousQn: string[] } & Record<string, unknown>;

/**
 * Surveys. Questions live in one jsonb array on the row: every question operation is then one
 * read-modify-write of one row under the version check (insert, reorder and delete renumber nothing
 * elsewhere), and a survey is always read whole. `version` is the optimistic-concurrency counter every
 * write compares and bumps.
 */
export const surveys = pgTable(
  'surveys',
  {
    id: id(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    status: text().notNull().default('Offline'),
    welcomeMessage: text().notNull().default(''),
    thankYouMessage: text().notNull().default(''),
    /** The stored image file's id, set by the image upload. */
    imageUuid: uuid(),
    questions: jsonb().$type<StoredQuestion[]>().notNull().default([]),
    redirectTo: text().notNull().default(''),
    webhookOnCompletion: text().notNull().default(''),
    /** Signs completion-webhook posts (HMAC-SHA256); 64 random hex characters, rotatable by the owner. */
    webhookSecret: text().notNull().default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    identifyingInformation: text().notNull().default(''),
    nameAutocompletion: boolean().notNull().default(false),
    requireSignUp: boolean().notNull().default(false),
    /** Null: no limit. */
    respondentLimit: integer(),
    hasOpenLink: boolean().notNull().default(false),
    permittedDomains: jsonb().$type<{ name: string }[]>().notNull().default([]),
    from: text().notNull().default(''),
    email: jsonb()
      .$type<{ subject: string; body: string; plainHTML: boolean }>()
      .notNull()
      .default({ subject: '', body: '', plainHTML: false }),
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('surveys_owner_idx').on(t.ownerId)],
);

/** One response per respondent; randomUUID is the personal link. */
export const responses = pgTable(
  'responses',
  {
    id: id(),
    surveyId: uuid()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    randomUuid: uuid().notNull().defaultRandom(),
    status: text().notNull().default('Not Sent'),
    nodeName: text().notNull(),
    nodeEmail: text(),
    answers: jsonb().$type<unknown[]>().notNull().default([]),
    started: at(),
    submitted: at(),
    /** Optimistic-concurrency counter of the answers: every accepted save bumps it (0 before any). */
    revision: integer().notNull().default(0),
    /**
     * When the respondent unsubscribed from the survey's emails: never emailed again, whatever their
     * status (a Submitted respondent who opts out stays Submitted, so the response rate stays true).
     */
    optedOutAt: at(),
    /** Made by a single-link start (the respondent limit counts these). */
    viaLink: boolean().notNull().default(false),
    /**
     * A person a respondent added to the respondent list (snowball): shown as such to the owner and left
     * out of a bulk send unless the owner includes them. Kept on the response, so it survives the adding
     * response being deleted.
     */
    addedByRespondent: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('responses_random_uuid_key').on(t.randomUuid),
    // The dashboard's pages: by name (the default; also every lookup by survey), by status then name,
    // by submitted time.
    index('responses_survey_name_idx').on(t.surveyId, sql`lower(${t.nodeName})`, t.id),
    index('responses_survey_status_name_idx').on(t.surveyId, t.status, sql`lower(${t.nodeName})`, t.id),
    index('responses_survey_submitted_idx').on(t.surveyId, t.submitted, t.id),
    // One status by submitted time (the API's status filter with the submitted sort): without it the
    // walk of the submitted index skips every other status first (12 ms at 100,000 responses).
    index('responses_survey_status_submitted_idx').on(t.surveyId, t.status, t.submitted, t.id),
    // The send dialog counts added people per status: few rows, so a small partial index.
    index('responses_survey_added_status_idx').on(t.surveyId, t.status).where(sql`${t.addedByRespondent}`),
  ],
);

/**
 * How many responses each survey has per status, kept by statement triggers on `responses` (migration
 * 0007, function tieline_count_responses): the dashboard's counts read a handful of rows instead of
 * counting 100,000. Rows at 0 are removed; no foreign key, so a survey's cascade delete can settle it.
 */
export const responseStatusCounts = pgTable(
  'response_status_counts',
  {
    surveyId: uuid().notNull(),
    status: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.status] })],
);

/**
 * Every accepted save of a response, in order: what changed, from which page, with what client (user
 * agent, never the IP). The replay of the distribution issue reads it; `saveId` makes a retried save
 * (the client never heard the answer) a no-op.
 */
export const responseSaves = pgTable(
  'response_saves',
  {
    id: id(),
    responseId: uuid()
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    saveId: text().notNull(),
    revision: integer().notNull(),
    page: integer(),
    submitted: boolean().notNull().default(false),
    /** The answers this save changed (whole answers of the changed questions; removed ones as empty). */
    changes: jsonb().$type<unknown[]>().notNull(),
    userAgent: text().notNull().default(''),
    at: createdAt(),
  },
  (t) => [uniqueIndex('response_saves_save_key').on(t.responseId, t.saveId)],
);
