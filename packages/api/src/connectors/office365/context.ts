import type { TOffice365Source } from '@tieline/validation';
import type { ConnectionRow } from '../../access/passive-data';
import type { JobDeps } from '../../jobs/define';
import type { StoreContext } from '../store/context';
import { upsertPeople } from '../store/people';
import type { GraphSession } from './graph-client';

// What each Microsoft source's sync is given (sync.ts makes it): the Graph session, the store context,
// the people in scope as the directory found them, and a progress reporter of its own.

/** A directory user kept in scope (not excluded by the settings). */
export interface ScopeUser {
  /** Entra object id: the source id of the person in passive_identities. */
  id: string;
  personId: number;
  /** Lower-cased mail address, or null (no mailbox). */
  email: string | null;
  enabled: boolean;
}

export interface DirectoryScope {
  users: ScopeUser[];
  byId: Map<string, ScopeUser>;
  byEmail: Map<string, ScopeUser>;
  /** The tenant's own mail domains (of its members' addresses): other addresses are external. */
  internalDomains: Set<string>;
  /** Entra id -> person id: the people map replaceMessages / replaceRelations take, for ids. */
  personIds: Map<string, number>;
  /** External addresses already stored this sync -> person id (peopleOfAddresses fills it). */
  externals: Map<string, number>;
}

export interface Office365Sync {
  deps: JobDeps;
  connection: ConnectionRow;
  ctx: StoreContext;
  graph: GraphSession;
  scope: DirectoryScope;
  /** Nothing older is read (it would be purged at once): the account's retention. */
  keptSince: Date;
  /** Microsoft People: how many of each person's top people count (the account's setting). */
  topPeople: number;
  /** This source's progress, 0..1. */
  report: (progress: number) => Promise<void>;
}

/** One source's sync; the directory is read before any of them. */
export type SourceSync = (s: Office365Sync) => Promise<void>;

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Person ids of addresses (senders, recipients, attendees): people in scope by their address; other
 * addresses of the tenant's domains are out of scope and left out (a group-restricted directory);
 * addresses of other domains become external people (kept only when a query includes external
 * people), their source id `mail:<address>`. Answers address -> person id for those kept.
 */
export async function peopleOfAddresses(
  s: Pick<Office365Sync, 'deps' | 'ctx' | 'scope'>,
  addresses: { address: string; name?: string }[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const outside = new Map<string, string>();
  for (const { address, name } of addresses) {
    const email = address.trim().toLowerCase();
    if (!email.includes('@') || ids.has(email)) continue;
    const user = s.scope.byEmail.get(email);
    const known = s.scope.externals.get(email);
    if (user) ids.set(email, user.personId);
    else if (known !== undefined) ids.set(email, known);
    else if (!s.scope.internalDomains.has(domainOf(email))) outside.set(email, name?.trim() || email);
  }
  if (outside.size > 0) {
    const stored = await upsertPeople(
      s.deps.db,
      s.ctx,
      [...outside].map(([email, name]) => ({
        externalId: `mail:${email}`,
        email,
        name,
        title: null,
        attributes: {},
        deactivated: false,
        external: true,
      })),
    );
    for (const email of outside.keys()) {
      const id = stored.get(`mail:${email}`);
      if (id === undefined) continue; // excluded by the settings
      ids.set(email, id);
      s.scope.externals.set(email, id);
    }
  }
  return ids;
}

/**
 * Runs `work` over `items`, at most `limit` at once; after a failure no new item starts, and the ones
 * under way finish before the failure is thrown, so a failed sync leaves nothing running behind it
 * (its job may be run again at once).
 */
export async function eachInPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/** The order sources are synced and shown in. */
export const SOURCE_ORDER: readonly TOffice365Source[] = [
  'office365Directory',
  'office365Email',
  'office365Calendar',
  'office365People',
  'microsoftTeams',
];
