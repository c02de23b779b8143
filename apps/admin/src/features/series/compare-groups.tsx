import { DataTable, type DataTableColumn } from '@tieline/ui';
import type { TCompareAnswer } from '@tieline/validation';
import { eiReading, formatCount, formatDelta, formatP, formatRatio, type TCompareGroup } from './compare-data';

// E-I by an attribute in each snapshot: the whole network's index with its permutation test, then each
// group's people and index. E-I runs from -1 (every tie inside a group) to +1 (every tie between groups).

type TEi = NonNullable<TCompareAnswer['ei']>;

function groupColumns(before: string, after: string): DataTableColumn<TCompareGroup>[] {
  const ei = (g: TCompareGroup) => (g.ei[0] === null || g.ei[1] === null ? '—' : formatDelta(g.ei[1] - g.ei[0], 2));
  return [
    { id: 'name', header: 'Group', cell: (g) => <span className="font-medium">{g.name}</span>, card: 'title' },
    {
      id: 'peopleBefore',
      header: `People ${before}`,
      cell: (g) => formatCount(g.people[0]),
      align: 'right',
      card: 'field',
    },
    {
      id: 'peopleAfter',
      header: `People ${after}`,
      cell: (g) => formatCount(g.people[1]),
      align: 'right',
      card: 'field',
    },
    { id: 'eiBefore', header: `E-I ${before}`, cell: (g) => formatRatio(g.ei[0]), align: 'right', card: 'field' },
    { id: 'eiAfter', header: `E-I ${after}`, cell: (g) => formatRatio(g.ei[1]), align: 'right', card: 'field' },
    { id: 'eiChange', header: 'E-I change', cell: ei, align: 'right', card: 'field' },
  ];
}

export function CompareGroups({
  ei,
  groups,
  attribute,
  before,
  after,
}: {
  ei: TEi;
  groups: TCompareGroup[];
  attribute: string;
  before: string;
  after: string;
}) {
  return (
    <section aria-labelledby="compare-groups-heading" className="flex min-w-0 flex-col gap-3">
      <h3 id="compare-groups-heading" className="font-semibold">
        E-I index by {attribute}
      </h3>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="compare-ei">
        {(
          [
            [before, ei.base, ei.pBase],
            [after, ei.other, ei.pOther],
          ] as const
        ).map(([label, value, p]) => (
          <div key={label} className="flex flex-col gap-1 rounded-md border border-border p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="flex flex-col gap-1">
              <span className="font-semibold tabular-nums">
                E-I {formatRatio(value)}
                {p === null ? '' : `, p ${formatP(p)}`}
              </span>
              <span className="text-sm text-muted-foreground">{eiReading(value, p)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <DataTable
        caption={`People and E-I index of each ${attribute} group, ${before} and ${after} (people without a value left out)`}
        columns={groupColumns(before, after)}
        data={groups}
        getRowId={(g) => g.name}
        density="compact"
        cards
        empty={`No one has a value of ${attribute}.`}
      />
    </section>
  );
}
