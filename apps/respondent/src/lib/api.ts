import type {
  TAddedNode,
  TAnswer,
  TConfig,
  TMatchingNodes,
  TNecessaryList,
  TOrganizationBranding,
  TRespondentSurvey,
  TResponseHistory,
  TResponseView,
  TSaveResult,
  TStartPage,
  TStartResult,
  TSurvey,
} from '@tieline/validation';
import type { TSendOutcome } from '../offline/queue-types';

// The shapes of the documented REST paths come from the shared contract (@tieline/validation), as types
// only: none of its zod code reaches this bundle.
export type {
  TMatchingNodes,
  TNecessaryList,
  TOrganizationBranding,
  TRespondentSurvey,
  TResponseHistory,
  TResponseView,
  TStartPage,
  TStartResult,
};
export type TNode = { _id: string; name: string };

/** A failed call: HTTP status (0 when the server was not reached), the server's `{ message }` and body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

declare global {
  interface Window {
    __tielinePrefetch?: Record<string, Promise<Response> | undefined>;
  }
}

/** A read public/prefetch.js started for `path` before the app loaded; each is taken once. */
function takePrefetched(path: string): Promise<Response> | undefined {
  const started = window.__tielinePrefetch?.[path];
  if (started) window.__tielinePrefetch![path] = undefined;
  return started;
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    const prefetched = init?.body === undefined && !init?.method ? takePrefetched(path) : undefined;
    res = await (prefetched ??
      fetch(`/api/base${path}`, {
        ...init,
        credentials: 'same-origin',
        headers: { Accept: 'application/json', ...(init?.body ? { 'Content-Type': 'application/json' } : {}) },
      }));
  } catch (error) {
    if (init?.signal?.aborted) throw error;
    throw new ApiError(0, 'Network error');
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : '';
    throw new ApiError(res.status, message, body);
  }
  return body as T;
}

const get = <T>(path: string, signal?: AbortSignal) => request<T>(path, signal ? { signal } : undefined);
const post = <T>(path: string, body: unknown, method = 'POST') =>
  request<T>(path, { method, body: JSON.stringify(body) });
const enc = encodeURIComponent;

/** GET /api/base/surveys/byRandomUUID/{id}: the survey behind a personal link. */
export const fetchSurveyByRandomUUID = (id: string, signal?: AbortSignal) =>
  get<TRespondentSurvey>(`/surveys/byRandomUUID/${enc(id)}`, signal);

/** GET /api/base/lists/getNecessaryByRandomUUID/{id} */
export const fetchNecessaryLists = (id: string, signal?: AbortSignal) =>
  get<TNecessaryList[]>(`/lists/getNecessaryByRandomUUID/${enc(id)}`, signal);

/** GET /api/base/responses/{randomUUID} */
export const fetchResponse = (id: string, signal?: AbortSignal) => get<TResponseView>(`/responses/${enc(id)}`, signal);

/** A test email's link: GET /api/base/surveys/byTestEmailId/{id} and lists/getNecessaryByTestEmailId/{id}. */
export async function fetchTestSurvey(id: string, signal?: AbortSignal) {
  const [survey, lists] = await Promise.all([
    get<TRespondentSurvey>(`/surveys/byTestEmailId/${enc(id)}`, signal),
    get<TNecessaryList[]>(`/lists/getNecessaryByTestEmailId/${enc(id)}`, signal),
  ]);
  return { survey, lists };
}

/** Support replay (the owner's session): GET /api/base/responses/history/{responseId}. */
export const fetchResponseHistory = (responseId: string, signal?: AbortSignal) =>
  get<TResponseHistory>(`/responses/history/${enc(responseId)}`, signal);

/**
 * Preview (the owner's session): GET /api/base/surveys/{surveyId}, /lists/getNecessary/{surveyId} and
 * /getConfig, whose logos are the signed-in owner's organization's, as its respondents will see them.
 */
export async function fetchPreview(surveyId: string, signal?: AbortSignal) {
  const [survey, lists, config] = await Promise.all([
    get<TSurvey>(`/surveys/${enc(surveyId)}`, signal),
    get<TNecessaryList[]>(`/lists/getNecessary/${enc(surveyId)}`, signal),
    get<TConfig>('/getConfig', signal),
  ]);
  const logoAt = (uuid: string | undefined) => (uuid ? `${config.logoBaseUrl}${enc(uuid)}` : null);
  const respondentSurvey: TRespondentSurvey = {
    _id: survey._id,
    name: survey.name,
    status: survey.status,
    welcomeMessage: survey.welcomeMessage,
    thankYouMessage: survey.thankYouMessage,
    redirectTo: survey.redirectTo,
    imageURL: survey.imageUUID ? `/api/base/surveys/image/${enc(survey.imageUUID)}` : null,
    organizationLogoURL: logoAt(config.logos.whiteLogoUUID),
    organizationFaviconURL: logoAt(config.logos.whiteFaviconUUID),
    respondentList: survey.respondentList,
    questions: survey.questions,
    respondent: { name: 'Preview', firstName: 'Preview', nodeId: null },
    responseStatus: 'Not Started',
  };
  return { survey: respondentSurvey, lists };
}

/** PUT /api/base/responses/{randomUUID}, mapped onto what the save queue needs. */
export async function saveResponse(
  randomUUID: string,
  survey: string,
  save: { saveId: string; revision: number; answers: TAnswer[]; submitted: boolean; page: number },
): Promise<TSendOutcome> {
  try {
    const result = await post<TSaveResult>(`/responses/${enc(randomUUID)}`, { randomUUID, survey, ...save }, 'PUT');
    return { kind: 'ok', revision: result.revision };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return { kind: 'unreachable' };
    const body = (error.body ?? {}) as { revision?: number; answers?: TAnswer[]; problems?: Record<string, string> };
    if (/already been submitted/i.test(error.message)) return { kind: 'alreadySubmitted' };
    if (error.status === 409 && typeof body.revision === 'number')
      return { kind: 'stale', revision: body.revision, answers: body.answers ?? [] };
    return { kind: 'invalid', message: error.message, problems: body.problems ?? {} };
  }
}

/** GET /api/base/nodes/getMatchingNodes: one page of a list's names containing `name`. */
export function searchNodes(
  query: {
    listId: string;
    name: string;
    page: number;
    randomUUID?: string | null;
    testEmailId?: string | null;
    surveyId?: string;
  },
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({
    listId: query.listId,
    name: query.name,
    page: String(query.page),
    limit: '100',
  });
  if (query.randomUUID) params.set('randomUUID', query.randomUUID);
  if (query.testEmailId) params.set('testEmailId', query.testEmailId);
  if (query.surveyId) params.set('surveyId', query.surveyId);
  return get<TMatchingNodes>(`/nodes/getMatchingNodes?${params}`, signal);
}

/** POST respondentAddedByRespondent (respondent list, with email) or suppListItemAddedByRespondent. */
export function addName(
  surveyId: string,
  input: { randomUUID: string; questionId: string; name: string } & ({ email: string } | { listId: string }),
) {
  const which = 'email' in input ? 'respondentAddedByRespondent' : 'suppListItemAddedByRespondent';
  return post<TAddedNode>(`/responses/${which}/${enc(surveyId)}`, input);
}

/** GET /api/base/responses/start/{surveyId}: what the single-link start page asks. */
export const fetchStartPage = (surveyId: string, signal?: AbortSignal) =>
  get<TStartPage>(`/responses/start/${enc(surveyId)}`, signal);

/** POST /api/base/responses/start/{surveyId} */
export const startResponse = (surveyId: string, input: { identifier?: string; nodeId?: string }) =>
  post<TStartResult>(`/responses/start/${enc(surveyId)}`, input);

/** POST /api/base/supportRequest */
export const sendSupportRequest = (input: { email: string; message: string }) =>
  post<{ message?: string }>('/supportRequest', input);
