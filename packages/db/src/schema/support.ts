import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/** Support requests from both apps, kept as well as mailed so none is lost to a mail failure. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: id(),
    email: text().notNull(),
    message: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    ip: text(),
    createdAt: createdAt(),
  },
  (t) => [index('support_requests_created_idx').on(t.createdAt)],
);
