import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { responses, surveys } from './surveys';

/** The attribute columns of a list (after Name, or Name and Email), with the type inferred per column. */
export type ListColumn = { name: string; type: 'number' | 'boolean' | 'date' | 'text' };
/** A node's non-blank attribute cells by column name: typed value and the text as uploaded. */
export type NodeAttributes = Record<string, { value: number | boolean | string; text: string }>;

/** A survey's respondent list (at most one) and its supplementary lists; titles unique per survey. */
export const lists = pgTable(
  'lists',
  {
    id: id(),
    surveyId: uuid()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    type: text().$type<'Respondent List' | 'Supplementary List'>().notNull(),
    columns: jsonb().$type<ListColumn[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    check('lists_type_check', sql`${t.type} in ('Respondent List', 'Supplementary List')`),
    uniqueIndex('lists_one_respondent_list').on(t.surveyId).where(sql`${t.type} = 'Respondent List'`),
    uniqueIndex('lists_title_key').on(t.surveyId, sql`lower(${t.title})`),
  ],
);

/** The people (or other entities) of a list, in file order. */
export const nodes = pgTable(
  'nodes',
  {
    id: id(),
    listId: uuid()
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text(),
    firstName: text().notNull(),
    attributes: jsonb().$type<NodeAttributes>().notNull().default({}),
    position: integer().notNull(),
    /** Added by a respondent (snowball): the response that added it; null for uploaded nodes. */
    addedByResponse: uuid().references(() => responses.id, { onDelete: 'set null' }),
    /** The question it was added through: the cap on added names counts per response and question. */
    addedForQuestion: text(),
    /**
     * The name as search compares it: lower case, accents removed (tieline_fold, an immutable wrapper
     * of unaccent made by migration 0005), under a trigram index for substring search.
     */
    searchName: text().generatedAlwaysAs(sql`tieline_fold(name)`),
  },
  (t) => [
    index('nodes_list_position_idx').on(t.listId, t.position),
    // One list's names in search order (folded: accents and case do not move a name), and substring search within one list (btree_gin
    // lets the list id share the trigram index, so other surveys' lists cost nothing).
    index('nodes_list_search_name_idx').on(t.listId, t.searchName, t.id),
    // Deleting responses (a re-upload drops 50,000 at once) sets this null: without an index, one scan
    // of the nodes per deleted response.
    index('nodes_added_by_response_idx').on(t.addedByResponse).where(sql`${t.addedByResponse} is not null`),
    index('nodes_search_name_trgm_idx').using('gin', t.listId, sql`${t.searchName} gin_trgm_ops`),
  ],
);
