import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@tieline/ui';
import { SURVEY_MSG, type TSurvey } from '@tieline/validation';
import { useCallback } from 'react';
import { errorCode, errorMessage } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';

/** The 409 a write gets when its version is stale (another tab or person saved first). */
export function isStale(error: unknown): boolean {
  return errorCode(error) === 'CONFLICT' && errorMessage(error) === SURVEY_MSG.stale;
}

/**
 * The survey (shared cache entry of surveys.get) and the question writes. Each write sends the cached
 * version and stores the survey it answers, so the next write is based on it; the pages handle errors
 * themselves (a stale write offers Reload).
 */
export function useQuestions(surveyId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.surveys.get.queryKey({ id: surveyId });
  const survey = useQuery(trpc.surveys.get.queryOptions({ id: surveyId }));
  const silent = { meta: { silentError: true } } as const;

  const store = useCallback((next: TSurvey) => queryClient.setQueryData(key, next), [queryClient, key]);
  const version = () => queryClient.getQueryData(key)?.version ?? 0;

  const showError = useCallback(
    (error: unknown) => {
      if (isStale(error)) {
        toast.error(SURVEY_MSG.stale, { action: { label: 'Reload', onClick: () => void survey.refetch() } });
      } else {
        toast.error(errorMessage(error));
      }
    },
    [survey],
  );

  const insert = useMutation(trpc.surveys.questions.insert.mutationOptions(silent));
  const update = useMutation(trpc.surveys.questions.update.mutationOptions(silent));
  const duplicate = useMutation(trpc.surveys.questions.duplicate.mutationOptions(silent));
  const remove = useMutation(trpc.surveys.questions.delete.mutationOptions(silent));
  const reorder = useMutation(trpc.surveys.questions.reorder.mutationOptions(silent));

  // A question added and left before it was ever finished has no text to keep: it goes. Called by the
  // client itself, so it completes when the page that left it is already gone.
  const client = useTRPCClient();
  const discard = useCallback(
    async (questionId: string) => {
      const current = queryClient.getQueryData(key);
      try {
        const next = await client.surveys.questions.delete.mutate({
          surveyId,
          version: current?.version ?? 0,
          questionId,
        });
        queryClient.setQueryData(key, next);
      } catch {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    [client, queryClient, key, surveyId],
  );

  return { survey, store, version, showError, insert, update, duplicate, remove, reorder, discard, surveyId };
}
export type TQuestionsApi = ReturnType<typeof useQuestions>;
