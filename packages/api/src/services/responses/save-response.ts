import { eq, responseSaves, responses, type Tx } from '@tieline/db';
import {
  answerProblems,
  pipeAnswers,
  RESPONDENT_MSG,
  type TAnswer,
  type TQuestionData,
  type TResponseStatus,
  type TSaveResult,
} from '@tieline/validation';
import { type ResponseRow, refuseUnlessCollecting, responseByLink, selfNodeId } from '../../access/responses';
import { questionsOf, rememberQuestions, respondentListOf } from '../../access/surveys';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { surveyAccount } from '../../jobs/accounts';
import { completionWebhookJob, WEBHOOK_MAX_ATTEMPTS } from '../../jobs/definitions/completion-webhook';
import { queueSurveyNetworksRefresh } from '../../jobs/definitions/survey-networks-refresh';
import { enqueue } from '../../jobs/queue';
import { answerContexts } from './answer-context';
import { cleanAnswers, referencedNodeIds, surveyNodeNames } from './answer-refs';
import { rememberLink, saveFast } from './save-fast';
import { changedAnswers, nextStatus, resultOf, type SaveInput } from './save-rules';

/**
 * PUT responses/{randomUUID}: one save of a respondent's answers (the nothing-lost contract of issue 8).
 * Under the response's row lock: a save whose saveId was applied before answers the current state and
 * changes nothing; a save based on an older revision is refused with 409 and the current answers (the
 * client merges and retries); otherwise the answers are stored, the revision bumped, the status moved
 * (Not Sent / Not Started -> Started, started set once; Submitted on submission, after the answer rules
 * of every question pass) and the save appended to the response's history. Submitting enqueues the
 * completion webhook in the same transaction.
 */
export async function saveResponse(deps: Deps, caller: Caller, input: SaveInput): Promise<TSaveResult> {
  // The common case (an answer typed on a collecting survey, revision current) takes the fast path of
  // save-fast.ts: one batched statement, no read of its own. Anything else, and a fast path that finds
  // the state changed under it or its caches empty, comes here.
  if (input.submitted !== true) {
    const fast = await saveFast(deps, input);
    if (fast) return fast;
  }
  return saveInTransaction(deps, caller, input);
}

async function saveInTransaction(deps: Deps, _caller: Caller, input: SaveInput): Promise<TSaveResult> {
  return deps.db.transaction(async (tx) => {
    const { response, survey } = await responseByLink(tx, input.randomUUID, { forUpdate: true });
    rememberLink(input.randomUUID, response.id, response.surveyId);
    rememberQuestions(survey.id, survey.version, questionsOf(survey));
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
      await enqueue(
        tx,
        completionWebhookJob.kind,
        { responseId: response.id, url: survey.webhookOnCompletion },
        { maxAttempts: WEBHOOK_MAX_ATTEMPTS, account: surveyAccount(survey.id) },
      );
    }
    if (submitting) await queueSurveyNetworksRefresh(tx, survey.id);
    return resultOf(row!);
  });
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
