import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, toast } from '@tieline/ui';
import { Share2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { trackEvent } from '../lib/analytics';
import { useCurrentUser } from '../lib/current-user';
import { errorMessage } from '../lib/errors';
import { useTRPC } from '../lib/trpc';

/**
 * 'Create network' from a survey's answers (one layer per relationship question), then the networks
 * list with the new one marked. Shared by the survey's Responses step and the networks list.
 */
export function useCreateSurveyNetwork() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation(
    trpc.networks.survey.create.mutationOptions({
      meta: { silentError: true },
      onSuccess: (network) => {
        trackEvent('network created');
        toast.success(`Created “${network.name}”`);
        void queryClient.invalidateQueries({ queryKey: trpc.networks.list.queryKey() });
        void navigate('/networks', { state: { created: network._id } });
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
}

/** Shown only to people with the Networks module, who can open what it makes. */
export function CreateNetworkButton({ surveyId }: { surveyId: string }) {
  const user = useCurrentUser();
  const create = useCreateSurveyNetwork();
  if (!user.billing.modules.networks?.enabled) return null;
  return (
    <Button variant="outline" disabled={create.isPending} onClick={() => create.mutate({ surveyId })}>
      <Share2 aria-hidden="true" /> {create.isPending ? 'Creating network…' : 'Create network'}
    </Button>
  );
}
