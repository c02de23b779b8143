import { type Db, eq, organizations, sql, type Tx, users } from '@tieline/db';
import { MSG, ORG_USERS_MSG } from '@tieline/validation';
import type { Actor } from '../../auth/actor';
import { AppError } from '../../errors';

// The organization settings routes need the owner (platform spec §6): a caller who is not an Owner is
// refused (403) before any id is looked at; an Owner naming another organization gets 404, as if it did
// not exist.

export type OrganizationRow = typeof organizations.$inferSelect;

export function requireOwner(actor: Actor) {
  if (actor.permission !== 'Owner' || !actor.organizationId) throw new AppError('FORBIDDEN', MSG.forbidden);
}

/** The caller's own organization by id, for an Owner; `lock` takes it FOR UPDATE (one change at a time). */
export async function requireOwnOrganization(
  db: Db | Tx,
  actor: Actor,
  orgId: string,
  lock = false,
): Promise<OrganizationRow> {
  requireOwner(actor);
  if (actor.organizationId !== orgId) throw new AppError('NOT_FOUND', MSG.notFound);
  const query = db.select().from(organizations).where(eq(organizations.id, orgId));
  const [org] = lock ? await query.for('update') : await query;
  if (!org) throw new AppError('NOT_FOUND', MSG.notFound);
  return org;
}

/**
 * Refuses (and so rolls back) a change that left the organization without an Owner who has a login:
 * called inside the change's transaction, after its writes, with the organization row locked.
 */
export async function keepAnOwner(tx: Tx, orgId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.organizationId} = ${orgId} and ${users.permission} = 'Owner'`);
  if (!row || Number(row.n) === 0) throw new AppError('BAD_REQUEST', ORG_USERS_MSG.lastOwner);
}
