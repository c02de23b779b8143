import { DataTable, type DataTableColumn } from '@tieline/ui';

// The lists of an AONA answer as sortable tables. A list of thousands of people shows its first
// SHOWN rows (the download holds them all).

const SHOWN = 200;

/** A ratio as the page shows it: three decimals, or a dash where it is undefined (null). */
export const ratio = (v: number | null | undefined) => (v === null || v === undefined ? '–' : v.toFixed(3));
export const count = (v: number | null | undefined) =>
  v === null || v === undefined ? '–' : v.toLocaleString('en-US');

type Kind = 'text' | 'count' | 'ratio';
type Row = Record<string, unknown>;
type Column = { id: string; header: string; kind: Kind };

/** A table of an answer with its row type erased, so the answers' different tables go in one list. */
export type AnyTable = { caption: string; rows: readonly Row[]; columns: Column[] };

/** A table of `rows`: its columns, in order, as key: [header, kind]. */
export function table<T extends object>(
  caption: string,
  rows: readonly T[],
  columns: { [K in keyof T & string]?: [string, Kind] },
): AnyTable {
  const list = Object.entries(columns) as [string, [string, Kind]][];
  return { caption, rows: rows as readonly Row[], columns: list.map(([id, [header, kind]]) => ({ id, header, kind })) };
}

export function ResultTable({ caption, rows, columns }: AnyTable) {
  const cols: DataTableColumn<Row>[] = columns.map((c) => ({
    id: c.id,
    header: c.header,
    align: c.kind === 'text' ? undefined : 'right',
    className: c.kind === 'text' ? 'max-w-72 break-words' : 'tabular-nums',
    sortable: (row: Row) => (row[c.id] as string | number | null) ?? null,
    cell: (row: Row) => {
      const v = row[c.id] as string | number | null;
      if (c.kind === 'text') return v;
      return c.kind === 'ratio' ? ratio(v as number | null) : count(v as number | null);
    },
  }));
  return (
    <div className="flex flex-col gap-1">
      {/* A long list scrolls in its own box, so the page keeps the pictures and the other tables in reach;
          on a phone its rows are cards (the name, then each number labeled), not columns off to the side. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard */}
      <section aria-label={caption} tabIndex={0} className="max-h-[26rem] overflow-y-auto rounded-lg">
        <DataTable
          caption={caption}
          captionVisible
          columns={cols}
          data={rows.slice(0, SHOWN)}
          getRowId={(row) => columns.map((c) => String(row[c.id])).join('\u0000')}
          density="compact"
          framed
          cards
          empty="Nothing to list."
        />
      </section>
      {rows.length > SHOWN ? (
        <p className="text-sm text-muted-foreground">
          Showing {SHOWN} of {rows.length.toLocaleString('en-US')}; the xlsx download has them all.
        </p>
      ) : null}
    </div>
  );
}

/** The headline numbers of an answer. */
export function Figures({ items }: { items: [string, string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
