import { buttonVariants } from '@tieline/ui';
import type { TDiscoverDescribe } from '@tieline/validation';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { Thumbnail } from './discover-card';
import { DiscoverDialog, useRouteDiscover, WithDiscover } from './discover-dialog';

const count = (n: number) => n.toLocaleString('en-US');
const decimal = (n: number | null, digits = 3) => (n === null ? '—' : n.toFixed(digits));

/** /discover/{id}/describe: the description and the summary computed from the published snapshot. */
export function DescribeDialog() {
  const query = useRouteDiscover();
  return (
    <DiscoverDialog title={query.data?.name ?? 'Describe network'} description="What this network holds" wide>
      <WithDiscover query={query}>{(d) => <Summary d={d} />}</WithDiscover>
    </DiscoverDialog>
  );
}

function Summary({ d }: { d: TDiscoverDescribe }) {
  const facts: [string, string][] = [
    ['People', count(d.people)],
    ['Ties', count(d.ties)],
    ['Directed', d.directed ? 'Yes' : 'No'],
    ['Layers', d.layers.join(', ') || '—'],
    ['Density', decimal(d.density)],
    ['Components', `${count(d.components)} (largest: ${count(d.largestComponent)} people)`],
    ['Reciprocity', d.directed ? decimal(d.reciprocity) : 'Not applicable (undirected)'],
    ['Communities', `${count(d.communities.length)} (modularity ${decimal(d.modularity)})`],
    ['Published by', d.owner],
    // A republished copy names the publication it was copied from.
    ...(d.origin ? ([['From', `${d.origin.name} (published by ${d.origin.owner})`]] as [string, string][]) : []),
  ];
  return (
    <div className="flex flex-col gap-5 text-sm" data-testid="discover-summary">
      <div className="flex flex-col gap-4 sm:flex-row">
        <Thumbnail svg={d.thumbnail} name={d.name} className="size-40 shrink-0 self-center rounded border" />
        <div className="flex flex-col gap-2">
          {d.description ? <p className="whitespace-pre-line">{d.description}</p> : null}
          {d.source ? (
            <p className="text-xs text-muted-foreground">
              <span className="font-medium text-foreground">Source: </span>
              {d.source}
            </p>
          ) : null}
          {d.tags.length > 0 ? <p className="text-xs text-muted-foreground">Tags: {d.tags.join(', ')}</p> : null}
        </div>
      </div>
      <Table caption="Summary" head={['Measure', 'Value']} rows={facts} />
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-label="Top 5 by degree">
          <h3 className="mb-2 font-semibold">Top 5 by degree</h3>
          <Bars rows={d.topByDegree.map((t) => ({ label: t.name, value: t.value, text: count(t.value) }))} />
        </section>
        <section aria-label="Top 5 by betweenness">
          <h3 className="mb-2 font-semibold">Top 5 by betweenness</h3>
          <Bars rows={d.topByBetweenness.map((t) => ({ label: t.name, value: t.value, text: decimal(t.value) }))} />
        </section>
      </div>
      {d.attributes.length > 0 ? (
        <Table
          caption="Attributes"
          cards
          head={['Attribute', 'Type', 'Most common values', 'Blank']}
          rows={d.attributes.map((a) => [
            a.key,
            a.type,
            a.values.map((v) => `${v.value} (${count(v.count)})`).join(', ') || '—',
            count(a.blank),
          ])}
        />
      ) : null}
      <section aria-label="Communities">
        <h3 className="mb-2 font-semibold">Communities (Louvain)</h3>
        <Bars
          rows={d.communities.map((c) => ({ label: `Community ${c.community}`, value: c.size, text: count(c.size) }))}
        />
        <Table
          className="mt-3"
          cards
          caption="Communities and their most common values"
          head={['Community', 'People', 'Best connected', 'Most common values']}
          rows={d.communities.map((c) => [
            String(c.community),
            count(c.size),
            c.members.join(', '),
            c.values.map((v) => `${v.attribute}: ${v.value} (${count(v.count)})`).join('; ') || '—',
          ])}
        />
      </section>
      <div className="flex justify-end gap-2">
        <Link to="/discover" className={buttonVariants({ variant: 'outline' })}>
          Close
        </Link>
        <Link to={`/discover/${d._id}/duplicate`} className={buttonVariants()}>
          Duplicate into my networks
        </Link>
      </div>
    </div>
  );
}

function Table({
  caption,
  head,
  rows,
  className,
  cards = false,
}: {
  caption: string;
  head: string[];
  rows: string[][];
  className?: string;
  /** On a phone, each row as a card of labeled values: a wide table there would hide its last columns. */
  cards?: boolean;
}) {
  return (
    <div className={className}>
      {cards ? (
        <div className="sm:hidden">
          <p aria-hidden="true" className="mb-1 font-semibold">
            {caption}
          </p>
          <ul aria-label={caption} className="flex flex-col gap-2">
            {rows.map((row) => (
              <li key={row.join('\u0000')} className="rounded-md border p-2">
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  {row.map((cell, i) => (
                    <Fragment key={head[i]}>
                      <dt className="text-muted-foreground">{head[i]}</dt>
                      <dd className="min-w-0 break-words">{cell}</dd>
                    </Fragment>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* Focusable, so a keyboard can scroll a table wider than its box (the table's caption names it). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it */}
      <div tabIndex={0} className={cards ? 'hidden overflow-x-auto sm:block' : 'overflow-x-auto'}>
        <table className="w-full border-collapse text-left">
          <caption className="mb-1 text-left font-semibold">{caption}</caption>
          <thead>
            <tr className="border-b">
              {head.map((h) => (
                <th key={h} scope="col" className="px-2 py-1 font-medium text-muted-foreground">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.join('\u0000')} className="border-b last:border-0">
                {row.map((cell, i) => (
                  <td key={head[i]} className="px-2 py-1 align-top">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A small horizontal bar chart; the numbers are also written beside the bars. */
function Bars({ rows }: { rows: { label: string; value: number; text: string }[] }) {
  const max = Math.max(...rows.map((r) => r.value), 0);
  return (
    <ul className="flex flex-col gap-1">
      {rows.map((r) => (
        <li key={r.label} className="grid grid-cols-[8rem_1fr_3.5rem] items-center gap-2">
          <span className="truncate" title={r.label}>
            {r.label}
          </span>
          <span className="h-3 rounded bg-muted" aria-hidden="true">
            <span
              className="block h-3 rounded bg-primary"
              style={{ width: `${max > 0 ? Math.max(2, (r.value / max) * 100) : 0}%` }}
            />
          </span>
          <span className="text-right tabular-nums">{r.text}</span>
        </li>
      ))}
    </ul>
  );
}
