import { type Db, eq, lists, sql, surveys } from '@tieline/db';
import { DEFAULT_SURVEY_EMAIL, SURVEY_LIMITS, type TCreateSurveyInput, type TSurvey } from '@tieline/validation';
import { requireSurvey } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { copyQuestions } from './copy-questions';
import { surveyColumns } from './survey-changes';
import { questionsOf, surveyWire } from './survey-wire';

/** POST surveys/: a new survey of the signed-in user, Offline while it is built (spec §4). */
export async function createSurvey(deps: Deps, caller: SignedInCaller, input: TCreateSurveyInput): Promise<TSurvey> {
  // A new survey's email starts from a default with merge tokens, unless the call gives one.
  const columns = surveyColumns(null, { email: { ...DEFAULT_SURVEY_EMAIL }, ...input });
  const [row] = await deps.db
    .insert(surveys)
    .values({ ...columns, name: input.name, ownerId: caller.actor.userId })
    .returning();
  return await surveyWire(deps.db, row!);
}

/**
 * A copy of a survey the actor may see, owned by the actor: settings, messages, questions and lists
 * (questions point at the copied lists; the respondent list gets fresh personal links, Not Sent), no
 * responses and no image (the stored file belongs to the original), Offline. One transaction.
 */
export async function duplicateSurvey(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TSurvey> {
  const original = await requireSurvey(deps.db, caller.actor, input.id);
  // Everything else is copied, so a setting added later is copied too.
  const { id, ownerId, createdAt, updatedAt, version, imageUuid, ...settings } = original;
  const row = await deps.db.transaction(async (tx) => {
    const [copy] = await tx
      .insert(surveys)
      .values({
        ...settings,
        ownerId: caller.actor.userId,
        name: `${original.name} (copy)`.slice(0, SURVEY_LIMITS.nameMax),
        status: 'Offline',
      })
      .returning();
    const listIds = await copyLists(tx, original.id, copy!.id);
    const questions = copyQuestions(questionsOf(original), listIds);
    const [saved] = await tx.update(surveys).set({ questions }).where(eq(surveys.id, copy!.id)).returning();
    return saved!;
  });
  return await surveyWire(deps.db, row);
}

/** Copies a survey's lists and their nodes to another survey; answers old list id -> new list id. */
async function copyLists(db: Db, from: string, to: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const list of await db.select().from(lists).where(eq(lists.surveyId, from))) {
    const [copy] = await db
      .insert(lists)
      .values({ surveyId: to, title: list.title, type: list.type, columns: list.columns })
      .returning({ id: lists.id });
    ids.set(list.id, copy!.id);
    await db.execute(sql`
      insert into nodes (list_id, name, email, first_name, attributes, position)
      select ${copy!.id}::uuid, name, email, first_name, attributes, position from nodes where list_id = ${list.id}::uuid`);
    if (list.type === 'Respondent List') {
      await db.execute(sql`
        insert into responses (survey_id, node_name, node_email, status)
        select ${to}::uuid, name, email, 'Not Sent' from nodes where list_id = ${copy!.id}::uuid order by position`);
    }
  }
  return ids;
}
