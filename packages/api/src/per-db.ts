import type { Db } from '@tieline/db';

/**
 * One value per database handle, made on first use: prepared statements, and what a process caches of a
 * database (a test process opens many databases; a cache keyed by name alone would carry one's state into
 * the next).
 */
export function perDb<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
