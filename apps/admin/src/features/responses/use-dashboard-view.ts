import { RESPONSE_STATUSES, type TDashboardSort, type TResponseStatus } from '@tieline/validation';
import { useSearchParams } from 'react-router';

// What the dashboard shows lives in the address (?status=Bounced&sort=submitted&dir=-1&page=2&q=ada): the
// info boxes' links are plain links, and Back returns to the same view.

export interface DashboardView {
  status: '' | TResponseStatus;
  sortBy: TDashboardSort;
  direction: 1 | -1;
  page: number;
  search: string;
}

const isStatus = (v: string | null): v is TResponseStatus => RESPONSE_STATUSES.includes(v as TResponseStatus);
const isSort = (v: string | null): v is TDashboardSort => v === 'name' || v === 'submitted' || v === 'status';

export function readView(params: URLSearchParams): DashboardView {
  const status = params.get('status');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    status: isStatus(status) ? status : '',
    // Spec §9: a status filter switches the sort to status.
    sortBy: isStatus(status) ? 'status' : isSort(sort) ? sort : 'name',
    direction: params.get('dir') === '-1' ? -1 : 1,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    search: params.get('q') ?? '',
  };
}

/** The query string of a view (defaults left out). */
export function viewQuery(view: Partial<DashboardView>): string {
  const p = new URLSearchParams();
  if (view.status) p.set('status', view.status);
  else if (view.sortBy && view.sortBy !== 'name') p.set('sort', view.sortBy);
  if (view.direction === -1) p.set('dir', '-1');
  if (view.page && view.page > 1) p.set('page', String(view.page));
  if (view.search) p.set('q', view.search);
  const s = p.toString();
  return s ? `?${s}` : '';
}

export function useDashboardView() {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  /** A change of filter, sort or search starts again at page 1. */
  const change = (next: Partial<DashboardView>) => {
    const merged = { ...view, page: 1, ...next };
    setParams(new URLSearchParams(viewQuery(merged).slice(1)), { replace: true });
  };
  return { view, change, query: viewQuery(view) };
}
