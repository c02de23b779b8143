import type { TAnswer } from '@tieline/validation';

/**
 * The server's answers with this device's unconfirmed changes on top, question by question: a question
 * changed here keeps the local answer (or stays removed), every other question takes the server's.
 * Server order first, then local-only answers.
 */
export function mergeAnswers(
  server: readonly TAnswer[],
  local: readonly TAnswer[],
  dirty: Iterable<string>,
): TAnswer[] {
  const changed = new Set(dirty);
  const localById = new Map(local.map((a) => [a.questionId, a]));
  const out: TAnswer[] = [];
  const seen = new Set<string>();
  for (const answer of server) {
    seen.add(answer.questionId);
    if (!changed.has(answer.questionId)) out.push(answer);
    else {
      const mine = localById.get(answer.questionId);
      if (mine) out.push(mine);
    }
  }
  for (const answer of local) {
    if (!seen.has(answer.questionId) && changed.has(answer.questionId)) out.push(answer);
  }
  return out;
}
