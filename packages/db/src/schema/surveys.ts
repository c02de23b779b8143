import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Surveys: the columns the respondent shell needs; the builder issue adds the rest. */
export const surveys = pgTable(
  'surveys',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    status: text().notNull().default('Offline'),
    welcomeMessage: text().notNull().default(''),
    thankYouMessage: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('surveys_owner_idx').on(t.ownerId)],
);

/** One response per respondent; randomUUID is the personal link. */
export const responses = pgTable(
  'responses',
  {
    id: uuid().primaryKey().defaultRandom(),
    surveyId: uuid()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    randomUuid: uuid().notNull().defaultRandom(),
    status: text().notNull().default('Not Sent'),
    nodeName: text().notNull(),
    nodeEmail: text(),
    answers: jsonb().$type<unknown[]>().notNull().default([]),
    started: timestamp({ withTimezone: true }),
    submitted: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('responses_random_uuid_key').on(t.randomUuid), index('responses_survey_idx').on(t.surveyId)],
);
