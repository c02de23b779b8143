import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every table spells the same way. */
export const id = () => uuid().primaryKey().defaultRandom();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
/** A point in time, with its zone (nullable unless chained with .notNull()). */
export const at = () => timestamp({ withTimezone: true });
