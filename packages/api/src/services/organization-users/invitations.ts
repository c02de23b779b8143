import { and, eq, inArray, type Tx, tempUsers } from '@tieline/db';
import { ORG_USERS_LIMITS, type TModules, type TPermission } from '@tieline/validation';
import { generateToken, hashToken } from '../../auth/tokens';
import type { Deps } from '../../deps';
import { invitationMail } from '../../mail/templates';
import type { OrganizationRow } from './organization-access';

// Adding a person who has no login invites them: a temp_users row keyed by the token's hash, and a
// mail with /signup/{token} (sign-up.ts consumes it). The mail is queued only after the transaction
// that wrote the row committed, so a refused change mails nobody.

export interface Invitee {
  name: string;
  /** Lower-cased. */
  email: string;
  permission: TPermission;
  /** Null: the defaults of spec §6 when they sign up. */
  modules: TModules | null;
}

export interface PendingMail {
  email: string;
  name: string;
  token: string;
}

/** Invites people who have no live invitation here; earlier (expired or accepted) ones are replaced. */
export async function insertInvitations(
  tx: Tx,
  org: OrganizationRow,
  invitees: readonly Invitee[],
): Promise<PendingMail[]> {
  if (invitees.length === 0) return [];
  const emails = invitees.map((i) => i.email);
  await tx.delete(tempUsers).where(and(eq(tempUsers.organizationId, org.id), inArray(tempUsers.email, emails)));
  const expiresAt = new Date(Date.now() + ORG_USERS_LIMITS.inviteDays * 24 * 60 * 60 * 1000);
  const pending = invitees.map((i) => ({ ...i, token: generateToken() }));
  await tx.insert(tempUsers).values(
    pending.map((p) => ({
      id: hashToken(p.token),
      organizationId: org.id,
      email: p.email,
      name: p.name,
      permission: p.permission,
      modules: p.modules,
      expiresAt,
    })),
  );
  return pending.map(({ email, name, token }) => ({ email, name, token }));
}

export async function mailInvitations(deps: Deps, org: OrganizationRow, pending: readonly PendingMail[]) {
  for (const p of pending) {
    const url = `${deps.publicUrl}/signup/${p.token}`;
    await deps.enqueue('email', invitationMail(p.email, p.name, org.name, url, ORG_USERS_LIMITS.inviteDays), {
      account: org.id,
    });
  }
}
