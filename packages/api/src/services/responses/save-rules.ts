import type { TAnswer, TResponseStatus, TSaveResult, ZResponseSave } from '@tieline/validation';
import type { z } from 'zod';
import type { ResponseRow } from '../../access/responses';

/** One save as the router passes it: the validated body and the browser that sent it. */
export type SaveInput = z.output<typeof ZResponseSave> & { userAgent: string };

// What both save paths (save-response.ts, save-fast.ts) compute the same way.

export function resultOf(r: Pick<ResponseRow, 'revision' | 'status' | 'started' | 'submitted'>): TSaveResult {
  return {
    revision: r.revision,
    status: r.status as TResponseStatus,
    started: r.started?.toISOString() ?? null,
    submitted: r.submitted?.toISOString() ?? null,
  };
}

/** Spec §4: saving moves Not Sent and Not Started to Started; submission sets Submitted. */
export function nextStatus(status: TResponseStatus, submitting: boolean): TResponseStatus {
  if (submitting) return 'Submitted';
  return status === 'Not Sent' || status === 'Not Started' ? 'Started' : status;
}

/** The answers that differ from the stored ones; an answer no longer sent counts as emptied. */
export function changedAnswers(before: readonly TAnswer[], after: readonly TAnswer[]): TAnswer[] {
  const old = new Map(before.map((a) => [a.questionId, JSON.stringify(a.dataInput)]));
  const changed = after.filter((a) => old.get(a.questionId) !== JSON.stringify(a.dataInput));
  const kept = new Set(after.map((a) => a.questionId));
  for (const a of before) if (!kept.has(a.questionId)) changed.push({ questionId: a.questionId, dataInput: [] });
  return changed;
}
