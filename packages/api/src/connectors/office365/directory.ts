import type { User } from '@microsoft/microsoft-graph-types';
import { sql } from '@tieline/db';
import type { SourcePerson } from '../store/people';
import { upsertPeople } from '../store/people';
import { replaceRelations } from '../store/relations';
import type { DirectoryScope, Office365Sync, ScopeUser } from './context';
import { domainOf, eachInPool } from './context';
import type { GraphSession } from './graph-client';

// The directory (office365Directory): who is in scope, with their profile, and the reporting line.
// - Everyone of `/users`, or with optional groups only the members of those groups
//   (`/groups/{id}/members`; members that are not users, such as devices or nested groups, are skipped).
// - Each person's manager (`/users/{id}/manager`, 404 when none) gives the formal network: person ->
//   manager, the "Reports to" relation, replaced as a whole each sync.
// - People this connection knew who are gone from the directory (or from the groups) are marked
//   deactivated and no longer collected: every other source reads only the scope made here.

const SELECT = 'id,displayName,mail,userPrincipalName,userType,department,jobTitle,officeLocation,accountEnabled';
/** Graph's largest page for users and members. */
const PAGE = { Prefer: 'odata.maxpagesize=999' };
/** Manager calls in flight at once (one call per person: Graph's documented path for the line). */
const MANAGER_CONCURRENCY = 8;

type DirectoryUser = Pick<
  User,
  | 'id'
  | 'displayName'
  | 'mail'
  | 'userPrincipalName'
  | 'userType'
  | 'department'
  | 'jobTitle'
  | 'officeLocation'
  | 'accountEnabled'
> & { '@odata.type'?: string };

async function usersInScope(graph: GraphSession, groupIds: string[]): Promise<DirectoryUser[]> {
  const users = new Map<string, DirectoryUser>();
  const paths =
    groupIds.length > 0
      ? groupIds.map((id) => `/groups/${id}/members?$select=${SELECT}`)
      : [`/users?$select=${SELECT}`];
  for (const path of paths)
    for await (const page of graph.pages<DirectoryUser>(path, PAGE))
      for (const u of page.value) {
        if (!u.id) continue;
        if (u['@odata.type'] && u['@odata.type'] !== '#microsoft.graph.user') continue;
        users.set(u.id, u);
      }
  return [...users.values()];
}

/** A user's address: their mail, else a user principal name that is an address (not a guest's #EXT#). */
export function addressOf(u: Pick<User, 'mail' | 'userPrincipalName'>): string | null {
  if (u.mail) return u.mail.toLowerCase();
  const upn = u.userPrincipalName ?? '';
  return upn.includes('@') && !upn.includes('#EXT#') ? upn.toLowerCase() : null;
}

const personOf = (u: DirectoryUser): SourcePerson => {
  const attributes: Record<string, string> = {};
  if (u.department) attributes.Department = u.department;
  if (u.officeLocation) attributes.Office = u.officeLocation;
  if (u.jobTitle) attributes['Job title'] = u.jobTitle;
  return {
    externalId: u.id!,
    email: addressOf(u),
    name: u.displayName?.trim() || addressOf(u) || u.id!,
    title: u.jobTitle ?? null,
    attributes,
    deactivated: u.accountEnabled === false,
    external: u.userType === 'Guest',
  };
};

async function managerOf(graph: GraphSession, id: string): Promise<string | null> {
  try {
    const manager = await graph.get<{ id?: string }>(`/users/${id}/manager?$select=id`);
    return manager.id ?? null;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return null;
    throw error;
  }
}

/** Reads the directory, stores its people and reporting line; answers the scope every other source reads. */
export async function syncDirectory(s: Omit<Office365Sync, 'scope'>, groupIds: string[]): Promise<DirectoryScope> {
  const found = await usersInScope(s.graph, groupIds);
  await s.report(0.2);
  const personIds = await upsertPeople(s.deps.db, s.ctx, found.map(personOf));
  const users: ScopeUser[] = found
    .filter((u) => personIds.has(u.id!))
    .map((u) => ({
      id: u.id!,
      personId: personIds.get(u.id!)!,
      email: addressOf(u),
      enabled: u.accountEnabled !== false,
    }));
  // Gone from the directory: deactivated (their interactions stay until retention), no longer read.
  await s.deps.db.execute(sql`
    update passive_people p set deactivated = true
    from passive_identities i
    where i.connection_id = ${s.connection.id}::uuid and p.id = i.person_id and i.external_id not like 'mail:%'
      and not (i.external_id = any(${`{${users.map((u) => u.id).join(',')}}`}::text[]))`);
  await s.report(0.3);

  const line: { type: 'reportsTo'; from: string; to: string; weight: number }[] = [];
  let done = 0;
  await eachInPool(users, MANAGER_CONCURRENCY, async (u) => {
    const manager = await managerOf(s.graph, u.id);
    if (manager) line.push({ type: 'reportsTo', from: u.id, to: manager, weight: 1 });
    if (++done % 50 === 0) await s.report(0.3 + (0.7 * done) / users.length);
  });
  await replaceRelations(s.deps.db, s.ctx, personIds, 'directory', line);
  await s.report(1);

  const internalDomains = new Set(
    found.filter((u) => u.userType !== 'Guest').flatMap((u) => (addressOf(u) ? [domainOf(addressOf(u)!)] : [])),
  );
  return {
    users,
    byId: new Map(users.map((u) => [u.id, u])),
    byEmail: new Map(users.flatMap((u) => (u.email ? [[u.email, u] as const] : []))),
    internalDomains,
    personIds,
    externals: new Map(),
  };
}
