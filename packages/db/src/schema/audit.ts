import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * Who changed what, written in the same transaction as the change (packages/api/src/audit/record.ts).
 * The actor's email is copied so the row still says who it was after their user is deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
    at: createdAt(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_target_idx').on(t.targetType, t.targetId, t.at)],
);
