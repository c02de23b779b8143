import { count, desc, supportRequests } from '@tieline/db';
import { ZSupportListInput } from '@tieline/validation';
import type { z } from 'zod';
import type { Caller } from '../../auth/actor';
import { requireSuperAdmin } from '../../auth/super-admin';
import type { Deps } from '../../deps';

/** Stored support requests, newest first, for the super admin. */
export async function listSupportRequests(deps: Deps, caller: Caller, raw: z.input<typeof ZSupportListInput>) {
  requireSuperAdmin(caller);
  const input = ZSupportListInput.parse(raw);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(supportRequests)
      .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    deps.db.select({ n: count() }).from(supportRequests),
  ]);
  return {
    rows: rows.map((r) => ({
      _id: r.id,
      email: r.email,
      message: r.message,
      userId: r.userId,
      at: r.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page: input.page,
  };
}
