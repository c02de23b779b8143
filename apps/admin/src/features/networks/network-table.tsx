import { Badge, Button, Checkbox, cn } from '@tieline/ui';
import type { TNetworkSummary } from '@tieline/validation';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format-date';

type NetworkTableProps = {
  rows: TNetworkSummary[];
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  /** The network just made or uploaded, marked until the next visit. */
  highlight: string | undefined;
  actions: (n: TNetworkSummary) => ReactNode;
};

const count = (n: number) => n.toLocaleString('en-US');

export function networkPath(n: Pick<TNetworkSummary, '_id'>) {
  return `/networks/explore/${n._id}`;
}

function NameLink({ n }: { n: TNetworkSummary }) {
  return (
    <Link to={networkPath(n)} className="font-medium break-words text-primary underline-offset-4 hover:underline">
      {n.name}
    </Link>
  );
}

export function AccessBadge({ access }: { access: TNetworkSummary['access'] }) {
  return (
    <Badge className="self-start" variant={access === 'Owner' ? 'default' : access === 'Edit' ? 'secondary' : 'muted'}>
      {access}
    </Badge>
  );
}

/** The networks as a table on wide screens and as cards on narrow ones, each with a select box. */
export function NetworkTable({ rows, selected, onSelect, highlight, actions }: NetworkTableProps) {
  const all = rows.length > 0 && rows.every((n) => selected.has(n._id));
  const some = rows.some((n) => selected.has(n._id));
  const box = (n: TNetworkSummary) => (
    <Checkbox
      aria-label={`Select ${n.name}`}
      checked={selected.has(n._id)}
      onCheckedChange={(on) => onSelect([n._id], on === true)}
    />
  );
  const rowClass = (n: TNetworkSummary) => cn(n._id === highlight && 'bg-accent/60');
  return (
    <>
      <table className="hidden w-full border-collapse overflow-hidden rounded-lg bg-card text-sm md:table">
        <caption className="sr-only">Your networks</caption>
        <thead className="border-b border-border text-left text-muted-foreground">
          <tr>
            <th className="w-10 p-3">
              <Checkbox
                aria-label="Select all networks"
                checked={all ? true : some ? 'indeterminate' : false}
                onCheckedChange={(on) =>
                  onSelect(
                    rows.map((n) => n._id),
                    on === true,
                  )
                }
              />
            </th>
            <th className="p-3 font-medium">Name</th>
            <th className="p-3 text-right font-medium">Nodes</th>
            <th className="p-3 text-right font-medium">Edges</th>
            <th className="p-3 font-medium">Owner</th>
            <th className="p-3 font-medium">Access</th>
            <th className="p-3 font-medium">Last modified</th>
            <th className="p-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((n) => (
            <tr key={n._id} className={cn('border-b border-border last:border-0', rowClass(n))}>
              <td className="p-3">{box(n)}</td>
              <td className="max-w-80 p-3">
                <NameLink n={n} />
                {n.description ? <p className="truncate text-xs text-muted-foreground">{n.description}</p> : null}
              </td>
              <td className="p-3 text-right tabular-nums">{count(n.nodeCount)}</td>
              <td className="p-3 text-right tabular-nums">{count(n.edgeCount)}</td>
              <td className="p-3">{n.access === 'Owner' ? 'You' : n.owner.name}</td>
              <td className="p-3">
                <AccessBadge access={n.access} />
              </td>
              <td className="p-3 whitespace-nowrap">{formatDate(n.updatedAt)}</td>
              <td className="p-1 text-right">{actions(n)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="Your networks" className="flex flex-col gap-3 md:hidden">
        {rows.map((n) => (
          <li
            key={n._id}
            className={cn('flex items-start gap-3 rounded-lg border border-border bg-card p-4', rowClass(n))}
          >
            <div className="pt-1">{box(n)}</div>
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <NameLink n={n} />
              <AccessBadge access={n.access} />
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-muted-foreground">
                <dt>Nodes</dt>
                <dd className="tabular-nums">{count(n.nodeCount)}</dd>
                <dt>Edges</dt>
                <dd className="tabular-nums">{count(n.edgeCount)}</dd>
                <dt>Owner</dt>
                <dd>{n.access === 'Owner' ? 'You' : n.owner.name}</dd>
                <dt>Last modified</dt>
                <dd>{formatDate(n.updatedAt)}</dd>
              </dl>
            </div>
            {actions(n)}
          </li>
        ))}
      </ul>
    </>
  );
}

export function RetryLine({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <p role="alert" className="text-destructive">
      {what} could not be loaded.{' '}
      <Button variant="link" className="h-auto p-0" onClick={onRetry}>
        Try again
      </Button>
    </p>
  );
}
