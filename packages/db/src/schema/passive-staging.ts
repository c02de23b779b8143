import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns';
import { passiveConnections } from './passive-data';

// An export's import is all or nothing: what it reads is written here first, keyed by its connection
// (one import at a time per connection), and moved into the real tables by one swap transaction once
// the whole export was read (api: connectors/store/staging.ts). Nothing reads these tables but the
// swap, so queries, lists and counts never see half an import. People are named by the source's own
// ids here: they become person ids only at the swap, when the people themselves are stored.

/** A person of the import: the store's SourcePerson as JSON, by the source's id. */
export const passiveStagedPeople = pgTable(
  'passive_staged_people',
  {
    connectionId: uuid()
      .notNull()
      .references(() => passiveConnections.id, { onDelete: 'cascade' }),
    externalId: text().notNull(),
    person: jsonb().notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.externalId] })],
);

/** A conversation of the import: members by source id, and the cursor it leaves (the last day read). */
export const passiveStagedConversations = pgTable(
  'passive_staged_conversations',
  {
    connectionId: uuid()
      .notNull()
      .references(() => passiveConnections.id, { onDelete: 'cascade' }),
    externalId: text().notNull(),
    name: text().notNull().default(''),
    kind: text().notNull(),
    members: jsonb().$type<string[]>().notNull().default([]),
    cursor: text(),
    archived: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.externalId] })],
);

/** An interaction of the import, people by source id (passive_interactions' columns otherwise). */
export const passiveStagedInteractions = pgTable(
  'passive_staged_interactions',
  {
    connectionId: uuid()
      .notNull()
      .references(() => passiveConnections.id, { onDelete: 'cascade' }),
    at: at().notNull(),
    type: text().notNull(),
    fromExternalId: text().notNull(),
    toExternalId: text().notNull(),
    conversation: text().notNull(),
    messageKey: text().notNull(),
    recipients: integer().notNull().default(1),
    weight: real().notNull().default(1),
  },
  (t) => [index('passive_staged_interactions_conversation_idx').on(t.connectionId, t.conversation)],
);
