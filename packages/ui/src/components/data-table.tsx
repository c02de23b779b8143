import {
  type ColumnDef,
  type ColumnSort,
  createSortedRowModel,
  functionalUpdate,
  type RowData,
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { cva } from 'class-variance-authority';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ComponentProps, Fragment, type ReactNode, useMemo, useState } from 'react';
import { cn } from '../cn';
import { Button } from './button';
import { Checkbox } from './checkbox';
import { Pager, type PagerProps } from './pager';
import { Spinner } from './spinner';

/** Sorting and selection only: the one stock table of the apps (the shadcn data-table recipe). */
const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic, text: sortFn_text },
  rowSelectionFeature,
});

type SortValue = string | number | null;

export type DataTableColumn<TData> = {
  id: string;
  /** The header's content; an actions column says `<span className="sr-only">Actions</span>`. */
  header: ReactNode;
  cell: (row: TData) => ReactNode;
  /**
   * Makes the header a sort button. A function gives the value the table compares itself; `true` marks a
   * column whose order comes from the server (the table's `sort` and `onSortChange`).
   */
  sortable?: boolean | ((row: TData) => SortValue);
  align?: 'right';
  /**
   * Its place on the narrow-screen card (with `cards`): the title, a badge under it, a labeled field, or
   * the actions at the side. A column without one is left off the card; when no column but the actions
   * has one, the first column is the title and every other a field.
   */
  card?: 'title' | 'badge' | 'field' | 'actions';
  /** Classes of the column's body cells: width, wrapping, padding. */
  className?: string;
  headerClassName?: string;
};

/** The last column of a list: a row's buttons or menu, under a header only screen readers hear. */
export function actionsColumn<TData>(cell: (row: TData) => ReactNode, className?: string): DataTableColumn<TData> {
  return {
    id: 'actions',
    header: <span className="sr-only">Actions</span>,
    card: 'actions',
    className: cn('p-1 text-right', className),
    cell,
  };
}

/** Which rows are selected, by row id (TanStack's row selection state). */
export type DataTableSelection = RowSelectionState;
export type DataTableSort = ColumnSort;

const cellVariants = cva('', {
  variants: { density: { comfortable: 'p-3', compact: 'p-2' } },
  defaultVariants: { density: 'comfortable' },
});
const stateVariants = cva('', {
  variants: { density: { comfortable: 'p-6', compact: 'p-3' } },
  defaultVariants: { density: 'comfortable' },
});

type DataTableProps<TData extends RowData> = {
  /** The table's accessible name (a visually hidden caption); also names the narrow-screen list. */
  caption: string;
  /** Shows the caption above the table (a count, say) instead of only naming it. */
  captionVisible?: boolean;
  columns: DataTableColumn<TData>[];
  data: readonly TData[];
  getRowId: (row: TData) => string;
  loading?: boolean;
  loadingLabel?: string;
  /** Shown (as an alert) instead of the table when the rows could not be loaded. */
  error?: ReactNode;
  /** Adds "Try again" after the error. */
  onRetry?: () => void;
  /** Shown instead of the table when there are no rows; nothing when absent. */
  empty?: ReactNode;
  /** Client-side: the order the table starts in (columns with a `sortable` function). */
  initialSort?: DataTableSort;
  /** Server-side: the order `data` arrives in; the headers ask for another through `onSortChange`. */
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
  /** A checkbox per row and one for all rows, named by `rowLabel` and `allLabel`. */
  selection?: {
    selected: DataTableSelection;
    onChange: (selected: DataTableSelection) => void;
    rowLabel: (row: TData) => string;
    allLabel: string;
  };
  /** Extra attributes of a body row (a highlight class, data-testid, aria-current). */
  rowProps?: (row: TData) => ComponentProps<'tr'> & { [data: `data-${string}`]: string };
  /** On narrow screens the rows become a list of cards, laid out by each column's `card`. */
  cards?: boolean;
  /** Server-side paging: Previous / Next under the table. */
  pagination?: PagerProps;
  density?: 'comfortable' | 'compact';
  /** A rounded card of its own, for a table not already inside a Card. */
  framed?: boolean;
  /** Classes of the outer element: the table's scroller, or the state line shown instead of the table. */
  className?: string;
};

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;
const SortIcon = { asc: ArrowUp, desc: ArrowDown } as const;

/**
 * The apps' one table (TanStack Table underneath): columns, optional client or server sorting through
 * header buttons with `aria-sort`, optional row selection, and its loading, failure and empty states.
 */
export function DataTable<TData extends RowData>({
  caption,
  captionVisible = false,
  columns,
  data,
  getRowId,
  loading = false,
  loadingLabel = 'Loading…',
  error,
  onRetry,
  empty,
  initialSort,
  sort,
  onSortChange,
  selection,
  rowProps,
  cards = false,
  pagination,
  density = 'comfortable',
  framed = false,
  className,
}: DataTableProps<TData>) {
  const [ownSorting, setOwnSorting] = useState<SortingState>(initialSort ? [initialSort] : []);
  const sorting = sort ? [sort] : ownSorting;
  const defs = useMemo(
    () =>
      columns.map(
        ({ id, sortable }): ColumnDef<typeof features, TData> => ({
          id,
          accessorFn: typeof sortable === 'function' ? sortable : () => null,
          enableSorting: Boolean(sortable),
          // The server's columns have no value here to guess a first direction from: ascending first.
          sortDescFirst: sortable === true ? false : undefined,
        }),
      ),
    [columns],
  );
  const table = useTable({
    features,
    columns: defs,
    data: data as TData[],
    getRowId,
    state: { sorting, rowSelection: selection?.selected ?? {} },
    manualSorting: sort !== undefined,
    enableSortingRemoval: false,
    enableMultiSort: false,
    enableRowSelection: selection !== undefined,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = functionalUpdate(updater, sorting);
      if (!sort) setOwnSorting(next);
      else if (next[0]) onSortChange?.(next[0]);
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) =>
      selection?.onChange(functionalUpdate(updater, selection.selected)),
  });

  const state = cn(stateVariants({ density }), className);
  if (loading) return <Spinner className={cn('flex justify-center', state)} label={loadingLabel} showLabel />;
  if (error) {
    return (
      <p role="alert" className={cn('text-destructive', state)}>
        {error}
        {onRetry ? (
          <>
            {' '}
            <Button variant="link" className="h-auto p-0" onClick={onRetry}>
              Try again
            </Button>
          </>
        ) : null}
      </p>
    );
  }
  if (data.length === 0) return empty ? <p className={cn('text-muted-foreground', state)}>{empty}</p> : null;

  const cellClass = cellVariants({ density });
  const byId = new Map(columns.map((c) => [c.id, c]));
  const rows = table.getRowModel().rows;
  const box = (row: (typeof rows)[number]) =>
    selection ? (
      <Checkbox
        aria-label={selection.rowLabel(row.original)}
        checked={row.getIsSelected()}
        onCheckedChange={(on) => row.toggleSelected(on === true)}
      />
    ) : null;
  const allChecked = table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false;

  return (
    <>
      <div className={cn('overflow-x-auto', cards && 'hidden md:block', className)}>
        <table className={cn('w-full border-collapse text-sm', framed && 'overflow-hidden rounded-lg bg-card')}>
          <caption className={captionVisible ? 'mb-2 text-left text-muted-foreground' : 'sr-only'}>{caption}</caption>
          <thead className="border-b border-border text-left text-muted-foreground">
            <tr>
              {selection ? (
                <th className={cn(cellClass, 'w-10')}>
                  <Checkbox
                    aria-label={selection.allLabel}
                    checked={allChecked}
                    onCheckedChange={(on) => table.toggleAllRowsSelected(on === true)}
                  />
                </th>
              ) : null}
              {table.getHeaderGroups()[0]?.headers.map(({ column }) => {
                const spec = byId.get(column.id);
                if (!spec) return null;
                const sorted = column.getIsSorted();
                const Icon = sorted ? SortIcon[sorted] : ArrowUpDown;
                return (
                  <th
                    key={column.id}
                    aria-sort={column.getCanSort() ? (sorted ? ariaSort[sorted] : 'none') : undefined}
                    className={cn(
                      cellClass,
                      'font-medium',
                      spec.align === 'right' && 'text-right',
                      spec.headerClassName,
                    )}
                  >
                    {column.getCanSort() ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 rounded-sm font-medium hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                        onClick={column.getToggleSortingHandler()}
                      >
                        {spec.header}
                        <Icon aria-hidden="true" className={cn('size-3.5', !sorted && 'opacity-50')} />
                      </button>
                    ) : (
                      spec.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const extra = rowProps?.(row.original);
              return (
                <tr key={row.id} {...extra} className={cn('border-b border-border last:border-0', extra?.className)}>
                  {selection ? <td className={cellClass}>{box(row)}</td> : null}
                  {row.getAllCells().map((cell) => {
                    const spec = byId.get(cell.column.id);
                    return spec ? (
                      <td
                        key={cell.id}
                        className={cn(cellClass, spec.align === 'right' && 'text-right tabular-nums', spec.className)}
                      >
                        {spec.cell(row.original)}
                      </td>
                    ) : null;
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
        {pagination ? <Pager {...pagination} /> : null}
      </div>
      {cards && captionVisible ? (
        // The table's visible caption, over the cards too (the list is named by it already).
        <p aria-hidden="true" className="mb-2 text-sm text-muted-foreground md:hidden">
          {caption}
        </p>
      ) : null}
      {cards ? (
        <ul aria-label={caption} className="flex flex-col gap-3 md:hidden">
          {rows.map((row) => (
            <li
              key={row.id}
              className={cn(
                'flex items-start gap-3 rounded-lg border border-border bg-card p-4',
                rowProps?.(row.original).className,
              )}
            >
              {selection ? <div className="pt-1">{box(row)}</div> : null}
              <Card columns={cardColumns(columns)} row={row.original} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** The columns as the cards place them: as each says, or (none saying) the first as title, the rest as fields. */
function cardColumns<TData>(columns: DataTableColumn<TData>[]): DataTableColumn<TData>[] {
  if (columns.some((c) => c.card !== undefined && c.card !== 'actions')) return columns;
  const title = columns.findIndex((c) => c.card === undefined);
  return columns.map((c, i) => (c.card ? c : { ...c, card: i === title ? 'title' : 'field' }));
}

/** One row as a card: title and badge, the fields as a list of labels and values, the actions beside. */
function Card<TData>({ columns, row }: { columns: DataTableColumn<TData>[]; row: TData }) {
  const place = (card: DataTableColumn<TData>['card']) => columns.filter((c) => c.card === card);
  return (
    <>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {place('title').map((c) => (
          <div key={c.id} className="break-words">
            {c.cell(row)}
          </div>
        ))}
        {place('badge').map((c) => (
          <Fragment key={c.id}>{c.cell(row)}</Fragment>
        ))}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-muted-foreground">
          {place('field').map((c) => (
            <Fragment key={c.id}>
              <dt>{c.header}</dt>
              <dd className={cn(c.align === 'right' && 'tabular-nums')}>{c.cell(row)}</dd>
            </Fragment>
          ))}
        </dl>
      </div>
      {place('actions').map((c) => (
        <Fragment key={c.id}>{c.cell(row)}</Fragment>
      ))}
    </>
  );
}
