import { eq, responseSaves, responses, type Tx } from '@tieline/db';
import {
  answerProblems,
  pipeAnswers,
  RESPONDENT_MSG,
  type TAnswer,
  type TQuestionData,
  type TResponseStatus,
  type TSaveResult,
  type ZResponseSave,
} from '@tieline/validation';
import type { z } from 'zod';
import { type ResponseRow, refuseUnlessCollecting, responseByLink, selfNodeId } from '../../access/responses';
import { questionsOf, respondentListOf } from '../../access/surveys';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { completionWebhookJob } from '../../jobs/definitions/completion-webhook';
import { enqueue } from '../../jobs/queue';
import { answerContexts } from './answer-context';
import { cleanAnswers, referencedNodeIds, surveyNodeNames } from './answer-refs';

export type SaveInput = z.output<typeof ZResponseSave> & { userAgent: string };

/**
 * PUT responses/{randomUUID}: one save of a respondent's answers (the nothing-lost contract of issue 8).
 * Under the response's row lock: a save whose saveId was applied before answers the current state and
 * changes nothing; a save based on an older revision is refused with 409 and the current answers (the
 * client merges and retries); otherwise the answers are stored, the revision bumped, the status moved
 * (Not Sent / Not Started -> Started, started set once; Submitted on submission, after the answer rules
 * of every question pass) and the save appended to the response's history. Submitting enqueues the
 * completion webhook in the same transaction.
 */
export async function saveResponse(deps: Deps, _caller: Caller, input: SaveInput): Promise<TSaveResult> {
  return deps.db.transaction(async (tx) => {
    const { response, survey } = await responseByLink(tx, input.randomUUID, { forUpdate: true });
    const applied = await tx.query.responseSaves.findFirst({
      columns: { id: true },
      where: (s, { and, eq }) => and(eq(s.responseId, response.id), eq(s.saveId, input.saveId)),
    });
    if (applied) return resultOf(response);
    refuseUnlessCollecting(survey);
    if (response.submitted) throw new AppError('BAD_REQUEST', RESPONDENT_MSG.alreadySubmitted);
    if (input.revision !== response.revision) {
      throw new AppError('CONFLICT', RESPONDENT_MSG.staleSave, {
        details: { revision: response.revision, answers: response.answers },
      });
    }
    const questions = questionsOf(survey);
    const known = await surveyNodeNames(tx, survey.id, referencedNodeIds(questions, input.answers as TAnswer[]));
    const answers = pipeAnswers(questions, cleanAnswers(questions, input.answers as TAnswer[], known));
    const submitting = input.submitted === true;
    if (submitting) await refuseInvalidSubmission(tx, response, questions, answers);

    const changes = changedAnswers(response.answers as TAnswer[], answers);
    const status = nextStatus(response.status as TResponseStatus, submitting);
    if (changes.length === 0 && !submitting && status === response.status) {
      return resultOf(response);
    }
    const now = new Date();
    const [row] = await tx
      .update(responses)
      .set({
        answers,
        revision: response.revision + 1,
        status,
        started: response.started ?? now,
        submitted: submitting ? now : null,
      })
      .where(eq(responses.id, response.id))
      .returning();
    await tx.insert(responseSaves).values({
      responseId: response.id,
      saveId: input.saveId,
      revision: row!.revision,
      page: input.page ?? null,
      submitted: submitting,
      changes,
      userAgent: input.userAgent.slice(0, 500),
    });
    // In the transaction: a submission is never without its webhook (the worker's poll picks it up).
    if (submitting && survey.webhookOnCompletion !== '') {
      await enqueue(tx, completionWebhookJob.kind, { responseId: response.id, url: survey.webhookOnCompletion });
    }
    return resultOf(row!);
  });
}

function resultOf(r: ResponseRow): TSaveResult {
  return {
    revision: r.revision,
    status: r.status as TResponseStatus,
    started: r.started?.toISOString() ?? null,
    submitted: r.submitted?.toISOString() ?? null,
  };
}

/** Spec §4: saving moves Not Sent and Not Started to Started; submission sets Submitted. */
function nextStatus(status: TResponseStatus, submitting: boolean): TResponseStatus {
  if (submitting) return 'Submitted';
  return status === 'Not Sent' || status === 'Not Started' ? 'Started' : status;
}

/** The answers that differ from the stored ones; an answer no longer sent counts as emptied. */
function changedAnswers(before: readonly TAnswer[], after: readonly TAnswer[]): TAnswer[] {
  const old = new Map(before.map((a) => [a.questionId, JSON.stringify(a.dataInput)]));
  const changed = after.filter((a) => old.get(a.questionId) !== JSON.stringify(a.dataInput));
  const kept = new Set(after.map((a) => a.questionId));
  for (const a of before) if (!kept.has(a.questionId)) changed.push({ questionId: a.questionId, dataInput: [] });
  return changed;
}

async function refuseInvalidSubmission(
  tx: Tx,
  response: ResponseRow,
  questions: TQuestionData[],
  answers: TAnswer[],
): Promise<void> {
  const [respondentList, selfId] = await Promise.all([
    respondentListOf(tx, response.surveyId),
    selfNodeId(tx, response),
  ]);
  const context = await answerContexts(tx, questions, answers, respondentList, selfId);
  const problems = answerProblems(questions, answers, context);
  if (Object.keys(problems).length > 0)
    throw new AppError('BAD_REQUEST', RESPONDENT_MSG.notSaved, { details: { problems } });
}
