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
import { type ComponentProps, type ReactNode, useMemo, useState } from 'react';
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
  /** Classes of the column's body cells: width, wrapping, padding. */
  className?: string;
  headerClassName?: string;
};

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
  /** On narrow screens the rows become a list of cards with this content (and the row's checkbox). */
  renderCard?: (row: TData) => ReactNode;
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
  renderCard,
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
      <div className={cn('overflow-x-auto', renderCard && 'hidden md:block', className)}>
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
      {renderCard ? (
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
              {renderCard(row.original)}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
