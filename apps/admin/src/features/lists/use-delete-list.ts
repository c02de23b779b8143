import { useMutation } from '@tanstack/react-query';
import { toast } from '@tieline/ui';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';

/** Deletes a list with the spec's toasts; a list in use answers 409 with 'Cannot delete list as it is in use'. */
export function useDeleteList(onDone: (deleted: boolean) => void) {
  const trpc = useTRPC();
  return useMutation(
    trpc.lists.delete.mutationOptions({
      meta: { silentError: true },
      onSuccess: () => {
        toast.success('List successfully deleted');
        onDone(true);
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        onDone(false);
      },
    }),
  );
}
