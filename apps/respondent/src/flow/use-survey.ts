import { useCallback, useEffect, useState } from 'react';
import {
  ApiError,
  fetchNecessaryLists,
  fetchPreview,
  fetchResponse,
  fetchSurveyByRandomUUID,
  fetchTestSurvey,
  type TNecessaryList,
  type TRespondentSurvey,
  type TResponseView,
} from '../lib/api';

/** Everything the flow needs, loaded up front: the survey, its lists and (personal link) the response. */
export interface TLoaded {
  survey: TRespondentSurvey;
  lists: TNecessaryList[];
  response: TResponseView | null;
}

export type SurveyState =
  | { status: 'idle' | 'loading' }
  | { status: 'loaded'; data: TLoaded }
  | { status: 'invalid' }
  | { status: 'failed'; message?: string };

export type TSource =
  | { kind: 'personal'; id: string }
  | { kind: 'test'; id: string }
  | { kind: 'preview'; surveyId: string }
  | null;

async function load(source: NonNullable<TSource>, signal: AbortSignal): Promise<TLoaded> {
  if (source.kind === 'preview') return { ...(await fetchPreview(source.surveyId, signal)), response: null };
  if (source.kind === 'test') return { ...(await fetchTestSurvey(source.id, signal)), response: null };
  const [survey, response, lists] = await Promise.all([
    fetchSurveyByRandomUUID(source.id, signal),
    fetchResponse(source.id, signal),
    fetchNecessaryLists(source.id, signal),
  ]);
  return { survey, response, lists };
}

/** Loads a personal link, a test email's link or a preview. 400/404 mean the link is wrong; anything else can be retried. */
export function useSurvey(source: TSource): { state: SurveyState; retry: () => void } {
  const [state, setState] = useState<SurveyState>({ status: source ? 'loading' : 'idle' });
  const [attempt, setAttempt] = useState(0);
  const key = source ? `${source.kind}:${'id' in source ? source.id : source.surveyId}` : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the source; `attempt` is the retry trigger.
  useEffect(() => {
    if (!source) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(source, controller.signal).then(
      (data) => setState({ status: 'loaded', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status = error instanceof ApiError ? error.status : 0;
        if (status === 400 || status === 404) setState({ status: 'invalid' });
        else
          setState({
            status: 'failed',
            ...(status === 401 || status === 403 ? { message: (error as ApiError).message } : {}),
          });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
