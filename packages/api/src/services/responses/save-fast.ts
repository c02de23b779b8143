import { eq, responses, rowsOf, sql, surveys } from '@tieline/db';
import { pipeAnswers, type TAnswer, type TResponseStatus, type TSaveResult } from '@tieline/validation';
import { questionsAt } from '../../access/surveys';
import type { Deps } from '../../deps';
import { cleanAnswers, referencedNodeIds, surveyNodeNames } from './answer-refs';
import type { SaveInput } from './save-response';
import { changedAnswers, nextStatus, resultOf } from './save-rules';

/**
 * A save in one read and one write: the write applies only while the revision is the one read, the
 * response is not submitted and the saveId is new (all in its WHERE), and appends the history row in
 * the same statement. Null when the state is anything but the plain case (or changed between the two):
 * the caller then takes the locked path, which answers every other case.
 */
export async function saveFast(deps: Deps, input: SaveInput): Promise<TSaveResult | null> {
  const [row] = await deps.db
    .select({
      id: responses.id,
      surveyId: responses.surveyId,
      revision: responses.revision,
      status: responses.status,
      started: responses.started,
      submitted: responses.submitted,
      answers: responses.answers,
      surveyStatus: surveys.status,
      version: surveys.version,
    })
    .from(responses)
    .innerJoin(surveys, eq(surveys.id, responses.surveyId))
    .where(eq(responses.randomUuid, input.randomUUID));
  if (row?.surveyStatus !== 'Collecting' || row.submitted || row.revision !== input.revision) return null;

  const questions = await questionsAt(deps.db, row.surveyId, row.version);
  const sent = input.answers as TAnswer[];
  const ids = referencedNodeIds(questions, sent);
  const known = ids.length > 0 ? await surveyNodeNames(deps.db, row.surveyId, ids) : new Set<string>();
  const answers = pipeAnswers(questions, cleanAnswers(questions, sent, known));
  const changes = changedAnswers(row.answers as TAnswer[], answers);
  const status = nextStatus(row.status as TResponseStatus, false);
  if (changes.length === 0 && status === row.status) return resultOf(row);

  const written = await deps.db.execute(sql`
    with saved as (
      update responses set answers = ${JSON.stringify(answers)}::jsonb, revision = revision + 1,
        status = ${status}, started = coalesce(started, now())
      where id = ${row.id} and revision = ${row.revision} and submitted is null
        and not exists (select 1 from response_saves where response_id = ${row.id} and save_id = ${input.saveId})
      returning revision, status, started, submitted),
    history as (
      insert into response_saves (response_id, save_id, revision, page, submitted, changes, user_agent)
      select ${row.id}, ${input.saveId}, revision, ${input.page ?? null}, false, ${JSON.stringify(changes)}::jsonb,
        ${input.userAgent.slice(0, 500)}
      from saved)
    select revision, status, started, submitted from saved`);
  const [saved] = rowsOf<{ revision: number; status: string; started: Date | string | null; submitted: null }>(written);
  if (!saved) return null;
  return resultOf({
    revision: Number(saved.revision),
    status: saved.status,
    started: saved.started === null ? null : new Date(saved.started),
    submitted: null,
  });
}
