import { Badge, Button, buttonVariants, DataTable, type DataTableColumn, type DataTableSort } from '@tieline/ui';
import { DASHBOARD_LIMITS, DASHBOARD_MSG, type TDashboardResponse } from '@tieline/validation';
import { Link } from 'react-router';
import { listStates } from '../../components/list-states';
import { formatDateTime } from '../../lib/format-date';

/** The replay page of the respondent app: a full page load, it is the other app. */
export const replayUrl = (responseId: string) => `/responses/replay/${responseId}`;
/** Resending is the Emails tab's: it opens with the respondents of `status` selected. */
export const resendUrl = (surveyId: string, status: 'Not Sent' | 'Bounced') =>
  `/surveys/${surveyId}/emails?status=${encodeURIComponent(status)}`;

type ListProps = {
  surveyId: string;
  rows: TDashboardResponse[];
  loading: boolean;
  onRetry: (() => void) | null;
  empty: string;
  /** The server's order; absent while a search or a status filter is on (spec §9 hides sorting then). */
  sort: DataTableSort | undefined;
  onSortChange: (sort: DataTableSort) => void;
  onStatus: (row: TDashboardResponse) => void;
  onAddress: (row: TDashboardResponse) => void;
};

/** Spec §2: name (to the response), submitted date, and a status button opening Edit Status. */
export function ResponseList({
  surveyId,
  rows,
  loading,
  onRetry,
  empty,
  sort,
  onSortChange,
  onStatus,
  onAddress,
}: ListProps) {
  const sortable = sort !== undefined;
  const columns: DataTableColumn<TDashboardResponse>[] = [
    {
      id: 'name',
      header: 'Name',
      sortable,
      className: 'w-full max-w-0 sm:w-1/2',
      cell: (r) => (
        <>
          <a
            href={replayUrl(r._id)}
            className="block truncate font-medium text-primary underline-offset-4 hover:underline"
            title={r.email ?? r.name}
            data-testid="response-name"
          >
            {r.name}
          </a>
          {r.status === 'Bounced' ? (
            <span className="block truncate text-xs text-muted-foreground">{r.email}</span>
          ) : null}
          {r.addedByRespondent ? (
            <Badge variant="muted" className="mt-1">
              {DASHBOARD_MSG.addedByRespondent}
            </Badge>
          ) : null}
          {/* On a phone the date goes under the name, so the name keeps its width. */}
          <span className="block text-xs text-muted-foreground sm:hidden">
            <Submitted at={r.submitted} />
          </span>
        </>
      ),
    },
    {
      id: 'submitted',
      header: 'Submitted',
      sortable,
      headerClassName: 'hidden sm:table-cell',
      className: 'hidden whitespace-nowrap tabular-nums sm:table-cell',
      cell: (r) => <Submitted at={r.submitted} />,
    },
    {
      id: 'status',
      header: 'Status',
      sortable,
      align: 'right',
      cell: (r) => (
        <div className="flex flex-wrap items-center justify-end gap-1 lg:flex-nowrap">
          {r.status === 'Bounced' ? (
            <Button variant="ghost" size="sm" aria-label={`Edit address of ${r.name}`} onClick={() => onAddress(r)}>
              Edit address
            </Button>
          ) : null}
          {r.status === 'Bounced' ? (
            <Link
              to={resendUrl(surveyId, 'Bounced')}
              className={buttonVariants({ variant: 'ghost', size: 'sm' })}
              aria-label={`Resend to ${r.name}`}
            >
              Resend
            </Link>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            aria-label={`Status of ${r.name}: ${r.status}`}
            onClick={() => onStatus(r)}
          >
            {r.status}
          </Button>
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption="Respondents and their responses"
      framed
      columns={columns}
      data={rows}
      getRowId={(r) => r._id}
      {...listStates('the responses', loading, onRetry)}
      empty={empty}
      sort={sort}
      onSortChange={onSortChange}
      rowProps={() => ({ 'data-testid': 'response-row' })}
    />
  );
}

function Submitted({ at }: { at: string | null }) {
  return at ? formatDateTime(at) : <span className="text-muted-foreground">Not submitted</span>;
}

/** Spec §9: page buttons, at most 10 visible, in a window that follows the current page. */
export function Pagination({ page, count, onPage }: { page: number; count: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(count / DASHBOARD_LIMITS.perPage));
  if (pages <= 1) return null;
  const shown = DASHBOARD_LIMITS.pageButtons;
  const first = Math.max(1, Math.min(page - Math.floor(shown / 2), pages - shown + 1));
  const numbers = Array.from({ length: Math.min(shown, pages) }, (_, i) => first + i);
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-center gap-1">
      <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {numbers.map((n) => (
        <Button
          key={n}
          variant={n === page ? 'default' : 'ghost'}
          size="sm"
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
          onClick={() => onPage(n)}
        >
          {n}
        </Button>
      ))}
      <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
