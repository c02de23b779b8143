import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@tieline/ui';
import type { TNetworkSummary } from '@tieline/validation';
import { RefreshCw } from 'lucide-react';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';

/** While new answers wait for the automatic refresh, how often the page asks whether it ran. */
const PENDING_POLL_MS = 10_000;

/**
 * A network made from a survey: when it was last refreshed from the answers, whether new answers wait
 * for the automatic refresh, and Refresh now (owner and Edit). The drawing is reloaded (laid out
 * afresh) only on Refresh now or Show them, never under the user's hands.
 */
export function SurveyStatus({ network }: { network: TNetworkSummary }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = network._id;
  // The summary as it is now: polled while answers wait, so the line moves on when the job has run.
  const live = useQuery({
    ...trpc.networks.get.queryOptions({ id }),
    initialData: network,
    staleTime: PENDING_POLL_MS,
    refetchInterval: (q) => (q.state.data?.surveyPending ? PENDING_POLL_MS : false),
  });
  const now = live.data ?? network;
  const reload = () => queryClient.invalidateQueries({ queryKey: trpc.networks.data.queryKey({ id }) });
  const refresh = useMutation(
    trpc.networks.survey.refresh.mutationOptions({
      onSuccess: async (summary) => {
        queryClient.setQueryData(trpc.networks.get.queryKey({ id }), summary);
        await reload();
      },
    }),
  );
  if (!network.surveyId) return null;
  const newer = now.version > network.version;
  return (
    <p className="flex w-full flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground" aria-live="polite">
      <span data-testid="survey-refreshed">
        {now.surveyRefreshedAt ? `Refreshed ${formatDateTime(now.surveyRefreshedAt)}` : 'Made from a survey'}
      </span>
      {refresh.isPending ? (
        <span>Refreshing…</span>
      ) : now.surveyPending ? (
        <span className="text-foreground">New answers are waiting: refreshing…</span>
      ) : newer ? (
        <>
          <span className="text-foreground">New answers are in.</span>
          <Button size="sm" variant="link" className="h-auto p-0" onClick={() => void reload()}>
            Show them
          </Button>
        </>
      ) : null}
      {network.access !== 'View' ? (
        <Button
          size="sm"
          variant="outline"
          className="h-7"
          disabled={refresh.isPending}
          onClick={() => refresh.mutate({ id })}
        >
          <RefreshCw aria-hidden="true" className={refresh.isPending ? 'animate-spin' : undefined} /> Refresh now
        </Button>
      ) : null}
    </p>
  );
}
