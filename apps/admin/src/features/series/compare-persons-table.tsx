import { Badge, DataTable, type DataTableColumn, Input, Label, Pager, SelectField } from '@tieline/ui';
import { useId, useMemo, useState } from 'react';
import {
  delta,
  formatCount,
  formatDelta,
  formatRatio,
  sortPersons,
  type TComparePerson,
  type TPersonSort,
} from './compare-data';

// Each person's change between the two snapshots: degree and normalized betweenness before and after
// with the difference (an absent side counting as 0, as the API orders them and the workbook writes
// them), and a "top broker" badge in each snapshot where they are one (docs/analysis.md). The API's
// order, the largest change of betweenness first, until a header asks for another.

const PER_PAGE = 25;
/** The order the table arrives in: no column of the table sorts by |change|. */
const API_ORDER: TPersonSort = { id: 'api', desc: true };

type TStatusFilter = 'all' | TComparePerson['status'];

function StatusBadge({ status }: { status: TComparePerson['status'] }) {
  return (
    <Badge
      variant={status === 'kept' ? 'muted' : 'outline'}
      className={status === 'left' ? 'self-start border-dashed' : 'self-start'}
    >
      {status}
    </Badge>
  );
}

/** The value, then its badge; in the table the badge sits left of the value, so the column's numbers align. */
function Betweenness({ value, top }: { value: number | null; top: boolean | null }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1 md:flex-row-reverse">
      <span className="tabular-nums">{formatRatio(value, 3)}</span>
      {top ? (
        <Badge variant="secondary" data-testid="top-broker">
          top broker
        </Badge>
      ) : null}
    </span>
  );
}

function columns(before: string, after: string): DataTableColumn<TComparePerson>[] {
  const count = (n: number | null) => (n === null ? '—' : formatCount(n));
  return [
    {
      id: 'name',
      header: 'Name',
      cell: (p) => <span className="font-medium">{p.name}</span>,
      card: 'title',
      sortable: true,
      className: 'whitespace-nowrap',
    },
    { id: 'status', header: 'Status', cell: (p) => <StatusBadge status={p.status} />, card: 'badge', sortable: true },
    {
      id: 'degreeBefore',
      header: `Degree ${before}`,
      cell: (p) => count(p.degree[0]),
      align: 'right',
      card: 'field',
      sortable: true,
    },
    {
      id: 'degreeAfter',
      header: `Degree ${after}`,
      cell: (p) => count(p.degree[1]),
      align: 'right',
      card: 'field',
      sortable: true,
    },
    {
      id: 'degreeChange',
      header: 'Degree change',
      cell: (p) => formatDelta(delta(p.degree)),
      align: 'right',
      card: 'field',
      sortable: true,
    },
    {
      id: 'betweennessBefore',
      header: `Betweenness ${before}`,
      cell: (p) => <Betweenness value={p.betweenness[0]} top={p.topBroker[0]} />,
      align: 'right',
      card: 'field',
      sortable: true,
    },
    {
      id: 'betweennessAfter',
      header: `Betweenness ${after}`,
      cell: (p) => <Betweenness value={p.betweenness[1]} top={p.topBroker[1]} />,
      align: 'right',
      card: 'field',
      sortable: true,
    },
    {
      id: 'betweennessChange',
      header: 'Betweenness change',
      cell: (p) => formatDelta(delta(p.betweenness), 3),
      align: 'right',
      card: 'field',
      sortable: true,
    },
  ];
}

export function ComparePersonsTable({
  persons,
  before,
  after,
}: {
  persons: TComparePerson[];
  before: string;
  after: string;
}) {
  const searchId = useId();
  const [status, setStatus] = useState<TStatusFilter>('all');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<TPersonSort>(API_ORDER);
  const [page, setPage] = useState(1);
  const cols = useMemo(() => columns(before, after), [before, after]);
  const needle = search.trim().toLowerCase();
  const rows = useMemo(
    () =>
      sortPersons(
        persons.filter(
          (p) => (status === 'all' || p.status === status) && (needle === '' || p.name.toLowerCase().includes(needle)),
        ),
        sort === API_ORDER ? null : sort,
      ),
    [persons, status, needle, sort],
  );
  const pages = Math.max(1, Math.ceil(rows.length / PER_PAGE));
  const at = Math.min(page, pages);
  const shown = rows.slice((at - 1) * PER_PAGE, at * PER_PAGE);
  const tops = [persons.filter((p) => p.topBroker[0]).length, persons.filter((p) => p.topBroker[1]).length];
  return (
    <section aria-labelledby="compare-persons-heading" className="flex min-w-0 flex-col gap-3">
      <h3 id="compare-persons-heading" className="font-semibold">
        People
      </h3>
      <p className="text-sm text-muted-foreground">
        {formatCount(persons.length)} people in either snapshot, the largest change of betweenness first.{' '}
        <span className="whitespace-nowrap">Top brokers</span> (the top tenth by betweenness): {tops[0]} in {before},{' '}
        {tops[1]} in {after}.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex w-full flex-col gap-1.5 sm:w-56">
          <Label htmlFor={searchId}>Find a person</Label>
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <SelectField<TStatusFilter>
          label="Show"
          value={status}
          options={[
            { value: 'all', label: 'Everyone' },
            { value: 'kept', label: 'Kept' },
            { value: 'joined', label: 'Joined' },
            { value: 'left', label: 'Left' },
          ]}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          className="w-full sm:w-40"
        />
      </div>
      <DataTable
        caption={`Each person's degree and betweenness in ${before} and ${after}`}
        columns={cols}
        data={shown}
        getRowId={(p) => p.name}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        density="compact"
        cards
        empty="No one matches."
        rowProps={() => ({ 'data-testid': 'compare-person' })}
      />
      {rows.length > PER_PAGE ? (
        <Pager page={at} perPage={PER_PAGE} total={rows.length} onPage={setPage} label="Pages of people" />
      ) : null}
    </section>
  );
}
