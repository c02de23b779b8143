import { useCallback, useEffect, useState } from 'react';
import { ApiError, fetchSurveyByRandomUUID, type TRespondentSurvey } from '../lib/api';

export type SurveyState =
  | { status: 'idle' | 'loading' }
  | { status: 'loaded'; survey: TRespondentSurvey }
  | { status: 'invalid' }
  | { status: 'failed' };

/** Loads the survey behind a personal link. 400/404 mean the link is wrong; anything else can be retried. */
export function useSurvey(id: string | null): { state: SurveyState; retry: () => void } {
  const [state, setState] = useState<SurveyState>({ status: id ? 'loading' : 'idle' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchSurveyByRandomUUID(id, controller.signal).then(
      (survey) => setState({ status: 'loaded', survey }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status = error instanceof ApiError ? error.status : 0;
        setState({ status: status === 400 || status === 404 ? 'invalid' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
