import { and, type Db, eq, lists, rowsOf, sql, surveys, users } from '@tieline/db';
import {
  MSG,
  necessaryListIds,
  RESPONDENT_LIMITS,
  RESPONDENT_MSG,
  searchCountCap,
  type TMatchingNodes,
} from '@tieline/validation';
import { surveyOfTestEmail } from '../../access/respondent-view';
import { questionsAt, questionsOf, respondentListOf, visibleSurveys } from '../../access/surveys';
import type { Caller } from '../../auth/actor';
import { requireModule } from '../../auth/modules';
import { enforceAll, LIMITS } from '../../auth/rate-limit';
import { hashToken } from '../../auth/tokens';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { searchListNames } from './name-search';

export interface MatchingNodesInput {
  listId: string;
  name: string;
  page: number;
  limit: number;
  randomUUID?: string | undefined;
  surveyId?: string | undefined;
  testEmailId?: string | undefined;
}

const notFound = () => new AppError('NOT_FOUND', MSG.notFound);

/**
 * GET nodes/getMatchingNodes: a page of a list's names containing `name` (case and accents ignored),
 * sorted by name as search folds it (Émile between Ada and Grace). Who may search which list: a respondent (by link) the survey's respondent list and
 * the lists its questions use; a test email's link the same; a single-link start page with name autocompletion its respondent list;
 * the owner (session, preview) any list of their surveys. Any other list: 404.
 *
 * Searching by a link (everyone but the owner) helps a person find names, not copy the list
 * (docs/single-link-identification.md): 2+ characters, no page past the count's cap (the app never asks
 * for one), and rate limits per link and per client address. The owner's preview keeps the full search.
 */
export async function matchingNodes(deps: Deps, caller: Caller, input: MatchingNodesInput): Promise<TMatchingNodes> {
  const name = input.name.trim();
  const cap = searchCountCap(name);
  const offset = (input.page - 1) * input.limit;
  let limit = input.limit;
  const linkKey = searchLinkKey(caller, input);
  if (linkKey) {
    if ([...name].length < RESPONDENT_LIMITS.searchMinChars)
      throw new AppError('BAD_REQUEST', RESPONDENT_MSG.searchTooShort);
    await enforceAll(
      deps.db,
      [
        { key: linkKey, limit: LIMITS.searchPerLink },
        { key: `search:ip:${caller.ip}`, limit: LIMITS.searchPerAddress },
      ],
      RESPONDENT_MSG.tooManySearches,
      // Its own statement, before any other write: a lost count is harmless, a wait for the disk is not.
      { unflushed: true },
    );
    limit = Math.max(0, Math.min(limit, cap - offset));
  }
  await requireSearchable(deps.db, caller, input);
  return searchListNames(deps.db, { listId: input.listId, name, cap, limit, offset });
}

/**
 * The rate-limit key of a search by link, or null for the owner's (session) search. The single-link
 * start page's link is shared by everyone who starts, so it counts per survey and client address.
 */
function searchLinkKey(caller: Caller, input: MatchingNodesInput): string | null {
  // Links are secrets: the limit table keeps their digests (as sessions keep tokens'), not the links.
  if (input.randomUUID) return `search:link:${hashToken(input.randomUUID)}`;
  if (input.testEmailId) return `search:test:${hashToken(input.testEmailId)}`;
  if (input.surveyId) return `search:start:${input.surveyId}:ip:${caller.ip}`;
  return null;
}

async function requireSearchable(db: Db, caller: Caller, input: MatchingNodesInput): Promise<void> {
  if (input.randomUUID) {
    // One small read (no questions: those come from the per-version cache), then the lists allowed.
    const [link] = rowsOf<{ survey_id: string; version: number; respondent_list: string | null }>(
      await db.execute(sql`
        select r.survey_id, s.version,
          (select l.id from lists l where l.survey_id = r.survey_id and l.type = 'Respondent List') as respondent_list
        from responses r join surveys s on s.id = r.survey_id where r.random_uuid = ${input.randomUUID}`),
    );
    if (!link) throw new AppError('NOT_FOUND', MSG.surveyLinkInvalid);
    const questions = await questionsAt(db, link.survey_id, Number(link.version));
    if (!necessaryListIds(questions, link.respondent_list).has(input.listId)) throw notFound();
    return;
  }
  if (input.testEmailId) {
    const survey = await surveyOfTestEmail(db, input.testEmailId);
    if (!necessaryListIds(questionsOf(survey), await respondentListOf(db, survey.id)).has(input.listId))
      throw notFound();
    return;
  }
  if (input.surveyId) {
    const survey = await db.query.surveys.findFirst({ where: (s, { eq }) => eq(s.id, input.surveyId!) });
    const open = survey?.hasOpenLink && survey.requireSignUp && survey.nameAutocompletion;
    if (!open || (await respondentListOf(db, survey.id)) !== input.listId) throw notFound();
    return;
  }
  if (!caller.actor) throw notFound();
  // The owner's own search (the builder's preview) is the surveys module's, as the builder is.
  requireModule(caller.actor, 'surveys');
  // One read: the list joined to its survey's access (not the survey's row, questions and all).
  const [visible] = await db
    .select({ id: lists.id })
    .from(lists)
    .innerJoin(surveys, eq(surveys.id, lists.surveyId))
    .innerJoin(users, eq(users.id, surveys.ownerId))
    .where(and(eq(lists.id, input.listId), visibleSurveys(caller.actor)));
  if (!visible) throw notFound();
}
