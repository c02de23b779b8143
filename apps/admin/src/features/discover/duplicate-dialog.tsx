import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Alert, AlertDescription, buttonVariants, DialogFooter, FormField, Input } from '@tieline/ui';
import { type TDuplicateAnswer, ZNetworkName } from '@tieline/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { DialogActions } from '../../components/dialog-actions';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { DiscoverDialog, useRouteDiscover, WithDiscover } from './discover-dialog';

const ZDuplicateForm = z.object({ name: z.union([z.literal(''), ZNetworkName]) });
type TDuplicateForm = z.infer<typeof ZDuplicateForm>;

/** /discover/{id}/duplicate: a copy of the snapshot (with its saved views) into the caller's networks. */
export function DuplicateDialog() {
  const query = useRouteDiscover();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [made, setMade] = useState<TDuplicateAnswer | null>(null);
  const form = useForm<TDuplicateForm>({ resolver: zodResolver(ZDuplicateForm), defaultValues: { name: '' } });
  const duplicate = useMutation(
    trpc.discover.duplicate.mutationOptions({ meta: { silentError: true }, onSuccess: setMade }),
  );
  return (
    <DiscoverDialog title="Duplicate network">
      <WithDiscover query={query}>
        {(d) =>
          made ? (
            <>
              <Alert role="status">
                <AlertDescription>
                  “{made.name}” is now one of your networks ({made.people.toLocaleString('en-US')} people,{' '}
                  {made.ties.toLocaleString('en-US')} ties
                  {made.views > 0 ? `, ${made.views} saved view${made.views === 1 ? '' : 's'}` : ''}). Only you can see
                  it.
                </AlertDescription>
              </Alert>
              <DialogFooter>
                <Link to="/discover" className={buttonVariants({ variant: 'outline' })}>
                  Back to Discover
                </Link>
                <Link to={`/networks/explore/${made.networkId}`} className={buttonVariants()}>
                  Open in the explorer
                </Link>
              </DialogFooter>
            </>
          ) : (
            <form
              className="flex flex-col gap-4"
              noValidate
              onSubmit={form.handleSubmit(({ name }) => duplicate.mutate({ id: d._id, name: name || undefined }))}
            >
              <p>
                Copy <strong>{d.name}</strong> into your networks, with its saved views. The copy is private: only you
                can see it, and you can change it as you like.
              </p>
              <FormField label="Name of the copy (optional)" error={form.formState.errors.name?.message}>
                {(p) => <Input {...p} autoComplete="off" placeholder={`${d.name} (copy)`} {...form.register('name')} />}
              </FormField>
              <DialogActions
                onCancel={() => void navigate('/discover')}
                submitLabel="Duplicate"
                busy={duplicate.isPending}
                busyLabel="Duplicating…"
                error={duplicate.isError ? errorMessage(duplicate.error) : null}
              />
            </form>
          )
        }
      </WithDiscover>
    </DiscoverDialog>
  );
}
