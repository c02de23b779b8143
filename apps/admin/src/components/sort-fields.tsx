import { cn, type DataTableSort, SelectField } from '@tieline/ui';

/** A list's server-side order: one of its sortable columns, and which way. */
export type TSort<T extends string> = { id: T; desc: boolean };
type Option<T extends string> = { value: T; label: string };

/** The column the table's header asked for, if it is one of the options (a server sorts only those). */
export function sortOf<T extends string>(options: readonly Option<T>[], sort: DataTableSort): TSort<T> | undefined {
  const by = options.find((o) => o.value === sort.id);
  return by ? { id: by.value, desc: sort.desc } : undefined;
}

/**
 * "Sort by" and "Sort order" over a list whose headers (DataTable's `sort`) change the same order.
 * `orders` are the order field's values where an address or test spells them otherwise.
 */
export function SortFields<T extends string>({
  options,
  sort,
  onSort,
  orders = { asc: 'asc', desc: 'desc' },
  className,
  fieldClassName,
}: {
  options: readonly Option<T>[];
  sort: TSort<T>;
  onSort: (sort: TSort<T>) => void;
  orders?: { asc: string; desc: string };
  className?: string;
  fieldClassName?: string;
}) {
  return (
    <div className={cn('flex gap-3', className)}>
      <SelectField
        label="Sort by"
        className={cn('flex-1 sm:w-40', fieldClassName)}
        value={sort.id}
        options={options}
        onChange={(id) => onSort({ ...sort, id })}
      />
      <SelectField
        label="Sort order"
        className={cn('flex-1 sm:w-36', fieldClassName)}
        value={sort.desc ? orders.desc : orders.asc}
        options={[
          { value: orders.asc, label: 'Ascending' },
          { value: orders.desc, label: 'Descending' },
        ]}
        onChange={(order) => onSort({ ...sort, desc: order === orders.desc })}
      />
    </div>
  );
}
