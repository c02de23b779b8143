import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { users } from './users';

/** Surveys: the columns the respondent shell needs; the builder issue adds the rest. */
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
    createdAt: createdAt(),
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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('responses_random_uuid_key').on(t.randomUuid), index('responses_survey_idx').on(t.surveyId)],
);
