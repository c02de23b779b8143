import { and, auditLog, count, desc, eq } from '@tieline/db';
import { type TAuditEntry, type TAuditListInput, ZAuditListInput } from '@tieline/validation';
import type { Caller } from '../../auth/actor';
import { requireSuperAdmin } from '../../auth/super-admin';
import type { Deps } from '../../deps';

type AuditRow = typeof auditLog.$inferSelect;

const wire = (r: AuditRow): TAuditEntry => ({
  _id: r.id,
  actorUserId: r.actorUserId,
  actorEmail: r.actorEmail,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  details: r.details,
  ip: r.ip,
  at: r.at.toISOString(),
});

/** The audit log, newest first, optionally for one kind of target or one target. */
export async function listAudit(deps: Deps, caller: Caller, raw: TAuditListInput) {
  requireSuperAdmin(caller);
  const input = ZAuditListInput.parse(raw);
  const where = and(
    input.targetType ? eq(auditLog.targetType, input.targetType) : undefined,
    input.targetId ? eq(auditLog.targetId, input.targetId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    deps.db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows: rows.map(wire), total: Number(total?.n ?? 0), page: input.page };
}
