import { Button } from './button';

export type PagerProps = {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
  /** The navigation landmark's name, e.g. "Audit log pages". */
  label: string;
};

/** Previous / next over a paged list, with where the reader is. */
export function Pager({ page, perPage, total, onPage, label }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 p-3 text-sm text-muted-foreground">
      <span>
        {total} in all · page {page} of {pages}
      </span>
      <span className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}
