import { Button, Card, CardContent, Input, Label, Pager } from '@tieline/ui';
import { ADMIN_LIMITS } from '@tieline/validation';
import { type ReactNode, useId } from 'react';

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
  cells,
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
  columns: string[];
  cells: (row: Row) => ReactNode;
  rowLabel: (row: Row) => string;
  selected: string | null;
  onView: (id: string) => void;
}) {
  const searchId = useId();
  const lower = plural.toLowerCase();
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
          {list.isPending ? (
            <p className="p-6 text-muted-foreground">Loading {lower}…</p>
          ) : list.isError || !list.data ? (
            <p role="alert" className="p-6">
              The {lower} could not be loaded.
            </p>
          ) : list.data.rows.length === 0 ? (
            <p className="p-6 text-muted-foreground">No {noun} matches.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">{plural}</caption>
                <thead className="border-b border-border text-left text-muted-foreground">
                  <tr>
                    {columns.map((c) => (
                      <th key={c} className="p-3 font-medium">
                        {c}
                      </th>
                    ))}
                    <th className="p-3">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.rows.map((row) => (
                    <tr
                      key={row._id}
                      className="border-b border-border last:border-0"
                      aria-current={row._id === selected}
                    >
                      {cells(row)}
                      <td className="p-1 text-right">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`View ${rowLabel(row)}`}
                          onClick={() => onView(row._id)}
                        >
                          View
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager
                label={`${noun[0]!.toUpperCase()}${noun.slice(1)} pages`}
                page={page}
                perPage={ADMIN_LIMITS.perPage}
                total={list.data.total}
                onPage={onPage}
              />
            </div>
          )}
        </CardContent>
      </Card>
    </>
  );
}
