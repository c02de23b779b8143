import { and, type Db, eq, rateLimits, sql } from '@tieline/db';
import { MSG } from '@tieline/validation';
import { AppError } from '../errors';

export interface Limit {
  max: number;
  windowMs: number;
}

const MIN = 60_000;
/** Every rate limit in one place. */
export const LIMITS = {
  /** Sign-ins with a wrong password (a right one is refunded: it is no guess), across accounts. */
  signInPerAddress: { max: 30, windowMs: 10 * MIN },
  /** Attempts that did not end in a session (wrong password, wrong code, unfinished steps). */
  signInPerAccount: { max: 10, windowMs: 15 * MIN },
  /** Two-factor codes checked (sign-in, reset, enrolment), per client address across accounts. */
  twoFactorPerAddress: { max: 30, windowMs: 10 * MIN },
  /** Current-password checks of profile actions, per login: a stolen session cannot guess the password. */
  passwordChecksPerLogin: { max: 10, windowMs: 15 * MIN },
  /** The max is configuration (SIGNUPS_PER_ADDRESS_PER_HOUR); the window is an hour. */
  signUpPerAddress: { max: 20, windowMs: 60 * MIN },
  mailPerAccount: { max: 5, windowMs: 60 * MIN },
  mailPerAddress: { max: 20, windowMs: 60 * MIN },
  supportPerAddress: { max: 10, windowMs: 60 * MIN },
  /** Per email address typed into the support dialog, so one address cannot flood support from many clients. */
  supportPerEmail: { max: 5, windowMs: 60 * MIN },
  /** Credit requests per organization: each one mails support. */
  creditRequestsPerOrganization: { max: 5, windowMs: 60 * MIN },
  /** Checkouts opened per account: each one is a call to the payment provider. */
  checkoutsPerAccount: { max: 20, windowMs: 60 * MIN },
  /** Emailed-token redemptions (verify, reset) and availability checks, per client address. */
  tokensPerAddress: { max: 30, windowMs: 10 * MIN },
  checksPerAddress: { max: 120, windowMs: 10 * MIN },
  /** Single-link starts and names added by respondents: generous, as a whole office may share one address. */
  startsPerAddress: { max: 1000, windowMs: 10 * MIN },
  addedNamesPerAddress: { max: 300, windowMs: 10 * MIN },
  /**
   * Personal links a single-link start mails (docs/single-link-identification.md): per person a few an
   * hour (past it the start answers the same email-sent state and sends nothing, so the limit tells
   * nothing about who is listed), per client address enough for an office behind one address (past it 429).
   */
  linkMailsPerPerson: { max: 3, windowMs: 60 * MIN },
  linkMailsPerAddress: { max: 100, windowMs: 10 * MIN },
  /**
   * Name searches by callers other than the survey's owner, per link (personal or test link; the
   * single-link start page, shared by everyone, per survey and client address) and per client address.
   * The respondent app searches 150 ms after the last keystroke, so one search box sends at most one call
   * per 150 ms: 67 in 10 s (400 a minute) even typing without end; a person typing names in bursts
   * sends far fewer. 100 per 10 s is never reached by typing and stops a dump after 100 pages.
   */
  searchPerLink: { max: 100, windowMs: 10_000 },
  /** An office behind one address: 2,000 a minute is 100 people each searching at 20 a minute. */
  searchPerAddress: { max: 2000, windowMs: MIN },
  /** Test sends (up to 10 addresses each) go to any address typed: per user, so no account is a mail relay. */
  testEmailsPerUser: { max: 10, windowMs: 60 * MIN },
  /** An organization Owner's lookups of an email address among their users (POST /users/lookupByEmail). */
  emailLookupsPerUser: { max: 60, windowMs: 10 * MIN },
} satisfies Record<string, Limit>;

export interface Window {
  count: number;
  resetAt: Date;
}

type Check = { key: string; limit: Limit };

/**
 * Counts one hit on each key in its fixed window, in one statement (one round trip, also on hot paths),
 * and returns the windows by key (each count includes this hit). The keys must differ. `unflushed`: the
 * statement is its own transaction, whose commit need not wait for the write-ahead log to reach the disk
 * (a count lost in a crash costs nothing; the wait was most of a name search on a slow disk, 4 ms of 5).
 * Never inside a transaction with other writes: the setting holds until that transaction's commit.
 */
async function hits(db: Db, checks: Check[], unflushed = false): Promise<Map<string, Window>> {
  const now = Date.now();
  const rows = await db
    .insert(rateLimits)
    .values(checks.map((c) => ({ key: c.key, count: 1, resetAt: new Date(now + c.limit.windowMs) })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      key: rateLimits.key,
      count: rateLimits.count,
      resetAt: rateLimits.resetAt,
      ...(unflushed ? { unflushed: sql`set_config('synchronous_commit', 'off', true)` } : {}),
    });
  return new Map(rows.map((r) => [r.key, { count: r.count, resetAt: r.resetAt }]));
}

/** Counts one hit in a fixed window and returns the window (its count includes this hit). */
export async function hit(db: Db, key: string, limit: Limit): Promise<Window> {
  return (await hits(db, [{ key, limit }])).get(key) ?? { count: 1, resetAt: new Date(Date.now() + limit.windowMs) };
}

/** The 429 for a full window; clients learn when to retry from Retry-After. */
export function tooMany(window: Window, message: string = MSG.tooManyRequests) {
  const retryAfterSeconds = Math.max(1, Math.ceil((window.resetAt.getTime() - Date.now()) / 1000));
  return new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds });
}

export async function reset(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Takes back one hit of the current window (work that turned out not to be what the limit counts). */
export async function refund(db: Db, key: string) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), sql`${rateLimits.resetAt} > now()`));
}

/**
 * Counts one hit on each key (one statement) and refuses with 429 when any is past its limit. `unflushed`
 * (outside any transaction only): the counts' commit does not wait for the disk (see hits).
 */
export async function enforceAll(
  db: Db,
  checks: Check[],
  message: string = MSG.tooManyRequests,
  { unflushed = false }: { unflushed?: boolean } = {},
) {
  const windows = await hits(db, checks, unflushed);
  for (const check of checks) {
    const window = windows.get(check.key);
    if (window && window.count > check.limit.max) throw tooMany(window, message);
  }
}

/** Counts a hit and refuses with 429 past the limit. */
export async function enforce(db: Db, key: string, limit: Limit, message: string = MSG.tooManyRequests) {
  const window = await hit(db, key, limit);
  if (window.count > limit.max) throw tooMany(window, message);
}

export async function deleteExpiredLimits(db: Db) {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < now()`);
}
