import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@tieline/ui';
import { SURVEY_MSG, type TSurvey, type TUpdateSurveyInput } from '@tieline/validation';
import { useCallback, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { errorCode, errorMessage } from './errors';
import { useTRPC, useTRPCClient } from './trpc';

type TChanges = Omit<TUpdateSurveyInput['survey'], 'version'>;
/** A survey-editor page's pause after typing before it saves. */
export const TYPING_PAUSE_MS = 1000;

export type TSaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** The survey of the editor route; every step reads this one cache entry. */
export function useSurvey() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const query = useQuery(trpc.surveys.get.queryOptions({ id }));
  return { id, query };
}

/**
 * Saves survey fields with the cached version and writes the answer back to the cache. Writes run one
 * after another so each carries the version the previous one produced. It calls the client directly, not
 * a mutation hook, so a save started while the step unmounts (leaving the page) still completes.
 */
export function useSurveySave(id: string) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [state, setState] = useState<TSaveState>('idle');
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  /**
   * Queues any write that answers the whole survey (an update, the image upload). A failure is a toast,
   * or goes to `onError` when the caller shows it in place.
   */
  const write = useCallback(
    (send: (current: TSurvey) => Promise<TSurvey>, onError?: (message: string) => void): Promise<TSurvey | null> => {
      const key = trpc.surveys.get.queryKey({ id });
      const run = async () => {
        const current = queryClient.getQueryData(key);
        if (!current) return null;
        setState('saving');
        try {
          const survey = await send(current);
          queryClient.setQueryData(key, survey);
          void queryClient.invalidateQueries({ queryKey: trpc.surveys.list.queryKey() });
          setState('saved');
          return survey;
        } catch (error) {
          setState('failed');
          if (errorCode(error) === 'CONFLICT') {
            toast.error(SURVEY_MSG.stale, {
              action: { label: 'Reload', onClick: () => void queryClient.invalidateQueries({ queryKey: key }) },
            });
          } else if (onError) {
            onError(errorMessage(error));
          } else {
            toast.error(errorMessage(error));
          }
          return null;
        }
      };
      const next = chain.current.then(run);
      chain.current = next;
      return next;
    },
    [id, queryClient, trpc],
  );

  /** `force` saves over a newer version (spec §4: an image change saves immediately with force). */
  const save = useCallback(
    (changes: TChanges, options: { force?: boolean } = {}) =>
      write((current) =>
        client.surveys.update.mutate({
          id,
          survey: { ...changes, version: current.version },
          ...(options.force ? { force: true } : {}),
        }),
      ),
    [client, id, write],
  );
  return { save, write, state };
}
