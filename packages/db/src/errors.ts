/**
 * The constraint a unique violation (SQLSTATE 23505) broke, or null for any other error. Looks through
 * drizzle's wrapper to the driver's error: postgres.js names it `constraint_name`, PGlite `constraint`.
 */
export function uniqueViolation(error: unknown): string | null {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const x = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown };
    if (x.code === '23505') return String(x.constraint ?? x.constraint_name ?? '');
    e = x.cause;
  }
  return null;
}

/**
 * The rows of `db.execute(sql...)`: postgres.js answers an array, PGlite an object with `rows`. One
 * place that knows both drivers.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The SQLSTATE of a database error (looking through drizzle's wrapper), or null. */
export function sqlStateOf(error: unknown): string | null {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
