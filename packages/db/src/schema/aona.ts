import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * A saved AONA result (informalAlignment, informalDistance, CFI, adaptableReadiness): what was asked
 * (`inputs`: the networks by id and name, the attribute) and the answer as computed, so the /aona page
 * reopens and downloads it without recomputing. `result` is the answer's JSON text.
 */
export const aonaResults = pgTable(
  'aona_results',
  {
    id: id(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    analysis: text().notNull(),
    inputs: jsonb().$type<Record<string, unknown>>().notNull(),
    result: text().notNull(),
    /**
     * The passive-data account any input network came from (networks.passive_account_id, derivedOrigin):
     * the result names that account's people, so only those who see them may reopen it.
     */
    passiveAccountId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [index('aona_results_owner_idx').on(t.ownerId, t.createdAt)],
);
