import { auditLog, type Db, sql, type Tx } from '@tieline/db';
import type { TAuditTarget } from '@tieline/validation';
import type { Caller } from '../auth/actor';

/** One change worth a trace: `action` is a dotted key ('admin.organization.plan', 'apiKey.create'). */
export interface AuditEntry {
  action: string;
  target: { type: TAuditTarget; id: string };
  /** What changed (before/after values, a note); never secrets such as keys or passwords. */
  details?: Record<string, unknown>;
}

/**
 * Writes the audit row for a change. Call it with the transaction that makes the change, so the row
 * exists exactly when the change does. The actor's email is read in the same statement and copied, so
 * the row keeps saying who it was once the user is gone. A command-line caller has no actor.
 */
export async function recordAudit(tx: Tx | Db, caller: Caller, entry: AuditEntry): Promise<void> {
  const actor = caller.actor;
  await tx.insert(auditLog).values({
    actorUserId: actor?.userId ?? null,
    actorEmail: actor ? sql`(select email from user_logins where id = ${actor.userLoginId}::uuid)` : null,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    details: entry.details ?? {},
    ip: caller.ip,
  });
}
