import { actionsColumn, Button, Card, CardContent, DataTable, type DataTableColumn, Input, Label } from '@tieline/ui';
import { ADMIN_LIMITS } from '@tieline/validation';
import { useId } from 'react';

/** What the super admin pages search: a page of rows and how many match in all. */
interface SearchState<Row> {
  isPending: boolean;
  isError: boolean;
  data?: { rows: Row[]; total: number };
}

/**
 * The super admin's search over every login or organization: a search box, a paged table with its
 * loading, failure and no-match states, and a View button per row (the page opens the details).
 */
export function AdminSearchTable<Row extends { _id: string }>({
  noun,
  plural,
  search,
  onSearch,
  list,
  page,
  onPage,
  columns,
  rowLabel,
  selected,
  onView,
}: {
  /** 'login', 'organization': in the states' sentences. */
  noun: string;
  /** 'Logins', 'Organizations': the caption and search label. */
  plural: string;
  search: string;
  onSearch: (search: string) => void;
  list: SearchState<Row>;
  page: number;
  onPage: (page: number) => void;
  columns: DataTableColumn<Row>[];
  rowLabel: (row: Row) => string;
  selected: string | null;
  onView: (id: string) => void;
}) {
  const searchId = useId();
  const lower = plural.toLowerCase();
  const view: DataTableColumn<Row> = actionsColumn((row) => (
    <Button variant="outline" size="sm" aria-label={`View ${rowLabel(row)}`} onClick={() => onView(row._id)}>
      View
    </Button>
  ));
  return (
    <>
      <div className="flex max-w-md flex-col gap-1.5">
        <Label htmlFor={searchId}>Search {lower}</Label>
        <Input
          id={searchId}
          type="search"
          maxLength={ADMIN_LIMITS.searchMax}
          value={search}
          onChange={(e) => {
            onSearch(e.target.value);
            onPage(1);
          }}
        />
      </div>
      <Card>
        <CardContent className="p-0">
          <DataTable
            caption={plural}
            columns={[...columns, view]}
            data={list.data?.rows ?? []}
            getRowId={(row) => row._id}
            loading={list.isPending}
            loadingLabel={`Loading ${lower}…`}
            error={list.isError ? `The ${lower} could not be loaded.` : undefined}
            empty={`No ${noun} matches.`}
            rowProps={(row) => ({ 'aria-current': row._id === selected })}
            pagination={{
              label: `${noun[0]!.toUpperCase()}${noun.slice(1)} pages`,
              page,
              perPage: ADMIN_LIMITS.perPage,
              total: list.data?.total ?? 0,
              onPage,
            }}
          />
        </CardContent>
      </Card>
    </>
  );
}
