import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Input, Pager, Spinner } from '@tieline/ui';
import { DISCOVER_LIMITS } from '@tieline/validation';
import { Compass, Search, X } from 'lucide-react';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { EmptyState } from '../../components/page-states';
import { useTRPC } from '../../lib/trpc';
import { useDebounced } from '../../lib/use-debounced';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DiscoverCard } from './discover-card';

/**
 * /discover (platform spec §2): networks published by Tieline's users and Tieline's own examples, to
 * learn from and start with. Search and a tag filter; {id}/describe and {id}/duplicate are dialogs over it.
 */
export function DiscoverPage() {
  useDocumentTitle('Discover');
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim(), 300);
  const list = useQuery(
    trpc.discover.list.queryOptions(
      { search: debounced || undefined, tag: tag ?? undefined, page },
      { placeholderData: keepPreviousData },
    ),
  );
  const chooseTag = (next: string | null) => {
    setTag(next);
    setPage(1);
  };
  const tags = list.data?.tags ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Discover</h1>
          <p className="text-sm text-muted-foreground">
            Networks to learn from and start with: describe one, or duplicate it into your networks.
          </p>
        </div>
        <div className="relative w-full sm:w-80">
          <Search aria-hidden="true" className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
          <Input
            type="search"
            aria-label="Search Discover"
            placeholder="Search by name, description or tag"
            className="pl-8"
            value={search}
            maxLength={DISCOVER_LIMITS.searchMax}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>
      {tags.length > 0 ? (
        <fieldset className="flex flex-wrap items-center gap-1">
          <legend className="sr-only">Filter by tag</legend>
          {tags.map((t) => (
            <button key={t} type="button" aria-pressed={tag === t} onClick={() => chooseTag(tag === t ? null : t)}>
              <Badge variant={tag === t ? 'default' : 'outline'}>{t}</Badge>
            </button>
          ))}
          {tag ? (
            <Button variant="ghost" size="sm" onClick={() => chooseTag(null)}>
              <X aria-hidden="true" /> Clear tag
            </Button>
          ) : null}
        </fieldset>
      ) : null}
      {list.isPending ? (
        <Spinner label="Loading Discover" showLabel />
      ) : list.isError ? (
        <EmptyState
          title="Discover could not be loaded"
          action={
            <Button variant="outline" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          The server did not answer. Please try again.
        </EmptyState>
      ) : list.data.items.length === 0 ? (
        <EmptyState title="No networks found" icon={<Compass aria-hidden="true" />}>
          Nothing matches {debounced ? `“${debounced}”` : 'this filter'}
          {tag ? ` tagged ${tag}` : ''}. Try other words.
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Networks">
            {list.data.items.map((item) => (
              <li key={item._id} className="flex">
                <DiscoverCard item={item} onTag={(t) => chooseTag(t)} />
              </li>
            ))}
          </ul>
          {list.data.count > DISCOVER_LIMITS.pageSize ? (
            <Pager
              page={page}
              perPage={DISCOVER_LIMITS.pageSize}
              total={list.data.count}
              onPage={setPage}
              label="Discover pages"
            />
          ) : null}
        </>
      )}
      <Outlet />
    </div>
  );
}
