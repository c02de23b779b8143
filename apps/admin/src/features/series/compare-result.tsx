import type { TCompareAnswer } from '@tieline/validation';
import { Fragment, type ReactNode } from 'react';
import type { TAsked } from './compare-data';
import { formatCount, formatRatio, qapReading } from './compare-data';
import { CompareDownload } from './compare-download';
import { CompareGroups } from './compare-groups';
import { ComparePersonsTable } from './compare-persons-table';
import { CompareTies } from './compare-ties';

// One comparison's answer: what was compared, the counts and the QAP test, E-I by group (with an
// attribute), each person's change, and the born and dissolved ties.

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-md border border-border p-3" data-testid={testId}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex flex-col gap-1">{children}</dd>
    </div>
  );
}

/** Kept / joined / left (or kept / born / dissolved) as three labeled numbers. */
function Three({ parts }: { parts: [string, number][] }) {
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1">
      {parts.map(([word, n], i) => (
        <Fragment key={word}>
          {/* A space between the parts for whoever reads the text (a flex gap lays them out). */}
          {i > 0 ? ' ' : null}
          <span>
            <span className="text-xl font-semibold tabular-nums">{formatCount(n)}</span>{' '}
            <span className="text-sm text-muted-foreground">{word}</span>
          </span>
        </Fragment>
      ))}
    </span>
  );
}

export function CompareResult({ answer: a, asked }: { answer: TCompareAnswer; asked: TAsked }) {
  const qap = qapReading(a.qap);
  const union = a.ties.kept + a.ties.born + a.ties.dissolved;
  return (
    <div className="flex min-w-0 flex-col gap-6" data-testid="compare-result">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          <span className="font-medium">{asked.before}</span> (version {a.baseVersion}) against{' '}
          <span className="font-medium">{asked.after}</span> (version {a.otherVersion}) ·{' '}
          {asked.input.layer ? `layer ${asked.input.layer}` : 'all layers'} · read as{' '}
          {a.directed ? 'directed' : 'undirected'}
        </p>
        <CompareDownload asked={asked} />
      </div>

      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="compare-counts">
        <Figure label="People" testId="compare-people">
          <Three
            parts={[
              ['kept', a.people.kept],
              ['joined', a.people.joined],
              ['left', a.people.left],
            ]}
          />
        </Figure>
        <Figure label="Ties" testId="compare-tie-counts">
          <Three
            parts={[
              ['kept', a.ties.kept],
              ['born', a.ties.born],
              ['dissolved', a.ties.dissolved],
            ]}
          />
        </Figure>
        <Figure label="Jaccard (ties kept of all ties)">
          <span className="text-xl font-semibold tabular-nums">{formatRatio(a.jaccard)}</span>
          <span className="text-sm text-muted-foreground">
            {union === 0
              ? 'Neither snapshot has ties.'
              : `${formatCount(a.ties.kept)} of the ${formatCount(union)} ties in either snapshot are in both.`}
          </span>
        </Figure>
        <Figure label="QAP correlation" testId="compare-qap">
          <span className="font-semibold tabular-nums">{qap.figures}</span>
          <span className="text-sm text-muted-foreground">{qap.words}</span>
        </Figure>
      </dl>

      {a.ei && a.groups && asked.input.attribute ? (
        <CompareGroups
          ei={a.ei}
          groups={a.groups}
          attribute={asked.input.attribute}
          before={asked.before}
          after={asked.after}
        />
      ) : null}
      <ComparePersonsTable persons={a.persons} before={asked.before} after={asked.after} />
      <CompareTies ties={a.tieChanges} directed={a.directed} />
    </div>
  );
}
