import { createHmac } from 'node:crypto';
import { type Db, eq, passiveAccounts, passiveConnections } from '@tieline/db';
import type { TPassiveSource } from '@tieline/validation';
import { hmacKeyContext, type PassiveAccount } from '../../access/passive-data';
import type { SecretBox } from '../../auth/secrets';

// What a sync needs to know of its account while it stores people and interactions: where they go,
// who is excluded, and how people are keyed and named (pseudonymization).

export interface StoreContext {
  accountId: string;
  connectionId: string;
  source: TPassiveSource;
  /** The person key of an email (lower-cased, or its HMAC under pseudonymization). */
  keyOf: (email: string) => string;
  /** Null when names are kept; else the stable pseudonym of a key. */
  pseudonymOf: ((key: string) => string) | null;
  /** Whether an address is excluded by the settings (its person and their interactions are not kept). */
  excluded: (email: string) => boolean;
  /**
   * The times a message may have to be stored: [now - the account's retention, now + 1 day]. Anything
   * else is skipped and counted (replaceMessages): an export dated in 2200 would otherwise make one
   * partition per month for every tenant, and one older than retention would be purged anyway.
   */
  window: { from: Date; to: Date };
}

const DAY_MS = 86_400_000;

/** [now - retention, now + 1 day]: the one rule for which message times are kept. */
export const windowOf = (retentionDays: number, now: Date) => ({
  from: new Date(now.getTime() - retentionDays * DAY_MS),
  to: new Date(now.getTime() + DAY_MS),
});

const PSEUDONYM_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** "Person 7KQ2M9XA": eight symbols of the key's digest (collisions are disambiguated in networks). */
export function pseudonym(key: string): string {
  const digest = createHmac('sha256', 'pseudonym').update(key).digest();
  let out = '';
  for (let i = 0; i < 8; i++) out += PSEUDONYM_ALPHABET[digest[i]! % PSEUDONYM_ALPHABET.length];
  return `Person ${out}`;
}

export function contextOf(
  account: PassiveAccount,
  secrets: SecretBox,
  connectionId: string,
  source: TPassiveSource,
  now = new Date(),
): StoreContext {
  const window = windowOf(account.retentionDays, now);
  const domains = new Set(account.excludedDomains);
  const addresses = new Set(account.excludedAddresses);
  const excluded = (email: string) => {
    const lower = email.toLowerCase();
    return addresses.has(lower) || domains.has(lower.slice(lower.lastIndexOf('@') + 1));
  };
  if (!account.pseudonymize)
    return {
      accountId: account.id,
      connectionId,
      source,
      keyOf: (e) => e.toLowerCase(),
      pseudonymOf: null,
      excluded,
      window,
    };
  const key = Buffer.from(secrets.open(account.hmacKey, hmacKeyContext(account)), 'base64');
  return {
    accountId: account.id,
    connectionId,
    source,
    keyOf: (e) => `h:${createHmac('sha256', key).update(e.toLowerCase()).digest('base64url')}`,
    pseudonymOf: pseudonym,
    excluded,
    window,
  };
}

/** The store context of a connection, read fresh (settings may have changed since it was queued). */
export async function contextOfConnection(
  db: Db,
  secrets: SecretBox,
  connectionId: string,
): Promise<StoreContext | null> {
  const [row] = await db
    .select({ account: passiveAccounts, source: passiveConnections.source })
    .from(passiveConnections)
    .innerJoin(passiveAccounts, eq(passiveAccounts.id, passiveConnections.accountId))
    .where(eq(passiveConnections.id, connectionId));
  return row ? contextOf(row.account, secrets, connectionId, row.source) : null;
}
