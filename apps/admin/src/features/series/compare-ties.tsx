import { DataTable, type DataTableColumn, SelectField } from '@tieline/ui';
import { Minus, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatCount, type TTieChange } from './compare-data';

// The ties born (in the after snapshot only) and dissolved (in the before snapshot only): the first 200
// of the kind asked; the workbook has all of them. A dissolved tie is marked by its word, a minus sign
// and a dashed outline, not by color alone.

const SHOWN = 200;

type TChangeFilter = 'all' | TTieChange['change'];

function Change({ change }: { change: TTieChange['change'] }) {
  return change === 'born' ? (
    <span className="inline-flex items-center gap-1 rounded-full border border-primary/50 px-2 py-0.5 text-xs font-medium">
      <Plus aria-hidden="true" className="size-3" /> born
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full border border-dashed border-destructive/70 px-2 py-0.5 text-xs font-medium text-destructive">
      <Minus aria-hidden="true" className="size-3" /> dissolved
    </span>
  );
}

export function CompareTies({ ties, directed }: { ties: TTieChange[]; directed: boolean }) {
  const [filter, setFilter] = useState<TChangeFilter>('all');
  const chosen = useMemo(() => (filter === 'all' ? ties : ties.filter((t) => t.change === filter)), [ties, filter]);
  const born = useMemo(() => ties.filter((t) => t.change === 'born').length, [ties]);
  const shown = chosen.slice(0, SHOWN);
  const cols: DataTableColumn<TTieChange>[] = [
    {
      id: 'tie',
      header: directed ? 'From → to' : 'Between',
      cell: (t) => (
        <span className={t.change === 'dissolved' ? 'text-muted-foreground' : ''}>
          {t.source} {directed ? '→' : '–'} {t.target}
        </span>
      ),
      card: 'title',
    },
    { id: 'change', header: 'Change', cell: (t) => <Change change={t.change} />, card: 'badge' },
  ];
  return (
    <section aria-labelledby="compare-ties-heading" className="flex min-w-0 flex-col gap-3">
      <h3 id="compare-ties-heading" className="font-semibold">
        Ties born and dissolved
      </h3>
      <p className="text-sm text-muted-foreground" data-testid="compare-ties-count">
        {formatCount(born)} born, {formatCount(ties.length - born)} dissolved.{' '}
        {chosen.length > SHOWN
          ? `Showing the first ${formatCount(SHOWN)} of ${formatCount(chosen.length)}: the xlsx has all of them.`
          : null}
      </p>
      <SelectField<TChangeFilter>
        label="Show ties"
        value={filter}
        options={[
          { value: 'all', label: 'Born and dissolved' },
          { value: 'born', label: 'Born only' },
          { value: 'dissolved', label: 'Dissolved only' },
        ]}
        onChange={setFilter}
        className="w-full sm:w-52"
      />
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: 200 rows scroll in a box of their own, so a keyboard must reach it (axe scrollable-region-focusable).
        tabIndex={0}
        className="max-h-[28rem] overflow-y-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
      >
        <DataTable
          caption={`Ties born and dissolved${chosen.length > SHOWN ? `, the first ${SHOWN} of ${chosen.length}` : ''}`}
          columns={cols}
          data={shown}
          getRowId={(t) => `${t.change}\u0000${t.source}\u0000${t.target}`}
          density="compact"
          empty="No tie was born or dissolved."
          rowProps={(t) => ({ 'data-testid': `compare-tie-${t.change}` })}
        />
      </div>
    </section>
  );
}
