import { useQuery } from '@tanstack/react-query';
import { Progress, Spinner } from '@tieline/ui';
import { PSEUDONYMIZE_CONFIRM } from '@tieline/validation';
import { TypedDeleteDialog } from '../../components/typed-delete-dialog';
import { useTRPC } from '../../lib/trpc';
import { formatCount } from './passive-nav';

const POLL_MS = 1_500;
const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * The confirmation before pseudonymization is switched on, typed like Disconnect: what the conversion
 * rewrites (people, lists, the passive networks with their kept versions) and the members' networks it
 * leaves alone. The server takes the word exactly, so the dialog sends it as the server spells it.
 */
export function PseudonymizeDialog({
  open,
  onOpenChange,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: (confirm: string) => void;
}) {
  const trpc = useTRPC();
  const preview = useQuery({ ...trpc.passiveData.settings.pseudonymization.queryOptions(), enabled: open });
  const p = preview.data;
  return (
    <TypedDeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Pseudonymize people"
      confirmLabel="Pseudonymize and rewrite"
      word={PSEUDONYMIZE_CONFIRM}
      busy={busy}
      onConfirm={() => onConfirm(PSEUDONYMIZE_CONFIRM)}
    >
      {p ? (
        <>
          <p>
            Names and addresses are replaced by pseudonyms everywhere Tieline keeps them for this account. This cannot
            be undone. Rewritten:
          </p>
          <ul className="list-disc pl-5">
            <li>{plural(p.people, 'person', 'people')} kept by name or address</li>
            <li>{plural(p.lists, 'list')} with members by address</li>
            <li>
              {plural(p.networks.length, 'passive network')} with all their kept versions (excluded people are removed;
              their saved views, cached metrics and Discover listings are dropped)
              {p.otherCopies > 0 ? `, and ${plural(p.otherCopies, 'copy', 'copies')} held by other accounts` : ''}
            </li>
          </ul>
          {p.networks.length > 0 ? (
            <ul className="max-h-32 overflow-auto text-xs">
              {p.networks.map((n) => (
                <li key={n._id}>
                  {n.name} ({plural(n.versions, 'version')})
                </li>
              ))}
            </ul>
          ) : null}
          <p>
            Left alone: {plural(p.untouchedTotal, 'network')} not made from passive data (uploads, surveys)
            {p.untouchedTotal > 0 ? ':' : '.'}
          </p>
          {p.untouched.length > 0 ? (
            <ul className="max-h-32 overflow-auto text-xs">
              {p.untouched.map((n) => (
                <li key={n._id}>{n.name}</li>
              ))}
              {p.untouchedTotal > p.untouched.length ? <li>and {p.untouchedTotal - p.untouched.length} more</li> : null}
            </ul>
          ) : null}
          <p>Backups, and the write-ahead log of a PostgreSQL server, keep the old names until they rotate.</p>
        </>
      ) : (
        <Spinner label="Counting what will change" showLabel />
      )}
    </TypedDeleteDialog>
  );
}

/** The conversion's bar while it is queued or running, and its error if it failed. */
export function PseudonymizeProgress() {
  const trpc = useTRPC();
  const state = useQuery({
    ...trpc.passiveData.settings.pseudonymization.queryOptions(),
    refetchInterval: (q) => (q.state.data?.status === 'queued' || q.state.data?.status === 'running' ? POLL_MS : false),
  });
  const s = state.data;
  if (!s || s.status === null || s.status === 'done') return null;
  if (s.status === 'failed')
    return (
      <p role="alert" className="text-sm text-destructive">
        {s.error}
      </p>
    );
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm" id="pseudonymize-progress">
        Rewriting names as pseudonyms: {Math.round(s.progress * 100)}%
      </p>
      <Progress value={s.progress * 100} aria-labelledby="pseudonymize-progress" />
    </div>
  );
}
