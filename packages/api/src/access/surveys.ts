import { and, type Db, eq, lists, or, type SQL, surveys, type Tx, users } from '@tieline/db';
import { MSG, questionPages, type TQuestionData, withQuestionDefaults } from '@tieline/validation';
import type { Actor } from '../auth/actor';
import { AppError } from '../errors';

// Who may see and edit a survey, in one place for every feature that reaches a survey by id (surveys,
// questions, lists, responses, emails): its owner, and the Owner or Admins of the organization the
// owning user belongs to. Anyone else gets 404, never 403, so ids of other tenants reveal nothing.

const isOrgAdmin = (actor: Actor) =>
  actor.organizationId !== null && (actor.permission === 'Owner' || actor.permission === 'Admin');

/**
 * The condition on `surveys` joined with its owner (`users`) that selects what the actor may see; use
 * with `.innerJoin(users, eq(users.id, surveys.ownerId))`.
 */
export function visibleSurveys(actor: Actor): SQL {
  const own = eq(surveys.ownerId, actor.userId);
  return isOrgAdmin(actor) ? (or(own, eq(users.organizationId, actor.organizationId!)) as SQL) : own;
}

/** The survey row when the actor may see it; 404 otherwise (unknown or another tenant's id alike). */
export async function requireSurvey(db: Db, actor: Actor, surveyId: string) {
  const [row] = await db
    .select({ survey: surveys })
    .from(surveys)
    .innerJoin(users, eq(users.id, surveys.ownerId))
    .where(and(eq(surveys.id, surveyId), visibleSurveys(actor)));
  if (!row) throw new AppError('NOT_FOUND', MSG.surveyNotFound);
  return row.survey;
}

export type SurveyRow = typeof surveys.$inferSelect;

/** The address the survey's image is served at (GET surveys/image/{imageUuid}), or null without one. */
export const surveyImageURL = (row: Pick<SurveyRow, 'imageUuid'>) =>
  row.imageUuid ? `/api/base/surveys/image/${row.imageUuid}` : null;

/**
 * The row's questions; only our services write them, always as TQuestionData checked on the way in,
 * but questions saved before a field existed lack it: those get its default.
 */
export const questionsOf = (row: Pick<SurveyRow, 'questions'>) => storedQuestions(row.questions);
const storedQuestions = (json: unknown) => ((json ?? []) as TQuestionData[]).map(withQuestionDefaults);

/** The row's questions, each with its `page` counted from the page breaks (builder and respondent wires). */
export function pagedQuestionsOf(row: Pick<SurveyRow, 'questions'>) {
  const questions = questionsOf(row);
  const pages = questionPages(questions);
  return questions.map((q, i) => ({ ...q, page: pages[i]! }));
}

/** The id of the survey's respondent list (at most one per survey), or null before one is uploaded. */
export async function respondentListOf(db: Db | Tx, surveyId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: lists.id })
    .from(lists)
    .where(and(eq(lists.surveyId, surveyId), eq(lists.type, 'Respondent List')));
  return row?.id ?? null;
}

// A survey's questions by id, at the version they were read: every save of a survey needs them, and a
// survey changes rarely while it collects. Keyed by version, so an edit (any server) is never missed.
const QUESTIONS_CACHED = 500;
const questionsCache = new Map<string, { version: number; questions: TQuestionData[] }>();

export async function questionsAt(db: Db | Tx, surveyId: string, version: number): Promise<TQuestionData[]> {
  const hit = questionsCache.get(surveyId);
  if (hit && hit.version === version) return hit.questions;
  const [row] = await db
    .select({ questions: surveys.questions, version: surveys.version })
    .from(surveys)
    .where(eq(surveys.id, surveyId));
  const questions = storedQuestions(row?.questions);
  rememberQuestions(surveyId, row?.version ?? version, questions);
  return questions;
}

/** The questions this process last read for the survey, with their version (maybe no longer current). */
export const knownQuestions = (surveyId: string) => questionsCache.get(surveyId);

export function rememberQuestions(surveyId: string, version: number, questions: TQuestionData[]): void {
  questionsCache.delete(surveyId);
  if (questionsCache.size >= QUESTIONS_CACHED) questionsCache.delete(questionsCache.keys().next().value!);
  questionsCache.set(surveyId, { version, questions });
}
