import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Checkbox,
  FormField,
  Input,
  Label,
  Spinner,
  Switch,
  Textarea,
  toast,
} from '@tieline/ui';
import { DISCOVER_LIMITS, NETWORK_MSG, type TNetworkSummary, type TPublication } from '@tieline/validation';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { BusyForm } from '../../components/busy-form';
import { DialogActions } from '../../components/dialog-actions';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useCloseToList } from './networks-outlet';
import { RouteDialog, useRouteNetwork, WithNetwork } from './route-dialog';

/**
 * {id}/publish: the owner publishes a read-only snapshot of the network to Discover (with a description
 * and tags), publishes again to update it, or unpublishes it. Plans cap how many are published at once.
 * The server says who may publish (docs/discover.md): the dialog shows its reason when the caller may
 * not, and for a network of passive data asks for the confirmation the server requires.
 */
export function PublishDialog() {
  const network = useRouteNetwork();
  return (
    <RouteDialog
      title="Publish to Discover"
      description="Everyone with Discover can see, describe and copy a published snapshot of this network."
    >
      <WithNetwork network={network}>
        {(n) => (n.access === 'Owner' ? <PublishLoader network={n} /> : <p role="alert">{NETWORK_MSG.notOwner}</p>)}
      </WithNetwork>
    </RouteDialog>
  );
}

function PublishLoader({ network }: { network: TNetworkSummary }) {
  const trpc = useTRPC();
  const current = useQuery(trpc.discover.publication.queryOptions({ id: network._id }));
  if (current.isPending) return <Spinner label="Loading" showLabel />;
  if (current.isError) return <p role="alert">{errorMessage(current.error, NETWORK_MSG.failed)}</p>;
  return <PublishForm network={network} current={current.data} />;
}

/** Tags as typed: comma-separated words (the server trims them and drops repeats). */
const tagsOf = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

function PublishForm({ network, current }: { network: TNetworkSummary; current: TPublication }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const close = useCloseToList();
  const switchId = useId();
  const confirmId = useId();
  const [isPublic, setPublic] = useState(true);
  const [confirmed, setConfirmed] = useState(false);
  const asksConfirmation = isPublic && current.passive && !current.refused;
  const [description, setDescription] = useState(current.public ? current.description : network.description);
  const [tags, setTags] = useState(current.tags.join(', '));
  const publish = useMutation(
    trpc.discover.publish.mutationOptions({
      meta: { silentError: true },
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.discover.publication.queryKey({ id: network._id }), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.discover.list.queryKey() });
        toast.success(saved.public ? `“${network.name}” is published to Discover` : `“${network.name}” is unpublished`);
        close();
      },
    }),
  );
  const unpublishing = current.public && !isPublic;
  return (
    <BusyForm
      busy={publish.isPending}
      onSubmit={(e) => {
        e.preventDefault();
        publish.mutate(
          isPublic
            ? {
                id: network._id,
                public: true,
                description,
                tags: tagsOf(tags),
                ...(current.passive ? { confirmPassive: confirmed } : {}),
              }
            : { id: network._id, public: false },
        );
      }}
    >
      <div className="flex items-center gap-3">
        <Switch id={switchId} checked={isPublic} onCheckedChange={setPublic} />
        <Label htmlFor={switchId}>Public in Discover</Label>
      </div>
      {current.public ? (
        <p className="text-sm text-muted-foreground">
          Published {current.updatedAt ? new Date(current.updatedAt).toLocaleString() : ''}. Publishing again replaces
          the snapshot with the network as it is now. <Link to={`/discover/${network._id}/describe`}>See it</Link>
        </p>
      ) : null}
      {isPublic && current.refused ? (
        <Alert variant="destructive">
          <AlertDescription>{current.refused}</AlertDescription>
        </Alert>
      ) : null}
      {asksConfirmation ? (
        <Alert variant="warning">
          <div className="flex flex-col gap-2">
            <AlertTitle>This network contains people's collaboration data</AlertTitle>
            <AlertDescription>
              It was made from passive data (or from a network that was): who works with whom, under their names or
              pseudonyms, with their attributes. Published, every Tieline user with Discover can read it. Email
              addresses are removed from the snapshot; names, titles and departments are not.
            </AlertDescription>
            <div className="flex items-center gap-2">
              <Checkbox
                id={confirmId}
                checked={confirmed}
                onCheckedChange={(checked) => setConfirmed(checked === true)}
              />
              <Label htmlFor={confirmId}>I confirm that this network may be published</Label>
            </div>
          </div>
        </Alert>
      ) : null}
      {isPublic && !current.refused ? (
        <>
          <FormField label="Description">
            {(p) => (
              <Textarea
                {...p}
                rows={4}
                maxLength={DISCOVER_LIMITS.descriptionMax}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            )}
          </FormField>
          <FormField label={`Tags (comma-separated, at most ${DISCOVER_LIMITS.tagsMax})`}>
            {(p) => (
              <Input
                {...p}
                autoComplete="off"
                placeholder="Advice, Engineering"
                value={tags}
                onChange={(e) => setTags(e.target.value)}
              />
            )}
          </FormField>
        </>
      ) : null}
      <DialogActions
        onCancel={() => close()}
        submitLabel={unpublishing ? 'Unpublish' : current.public ? 'Publish again' : 'Publish'}
        variant={unpublishing ? 'destructive' : 'default'}
        busy={publish.isPending}
        busyLabel="Saving…"
        disabled={
          (!current.public && !isPublic) || (isPublic && (!!current.refused || (asksConfirmation && !confirmed)))
        }
        error={publish.isError ? errorMessage(publish.error, NETWORK_MSG.failed) : null}
      />
    </BusyForm>
  );
}
