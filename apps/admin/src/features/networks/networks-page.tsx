import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonVariants, type DataTableSelection, DropdownMenuItem, DropdownMenuSeparator, toast } from '@tieline/ui';
import type { TNetworkListInput, TNetworkSummary } from '@tieline/validation';
import { Combine, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { RowActionsMenu } from '../../components/row-actions-menu';
import { SortFields, sortOf, type TSort } from '../../components/sort-fields';
import { useCurrentUser } from '../../lib/current-user';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EmptyNetworks } from './empty-networks';
import { NetworkTable, networkPath } from './network-table';
import type { TNetworksOutlet } from './networks-outlet';

type TSortBy = TNetworkListInput['sortBy'];
const SORTS: { value: TSortBy; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'updatedAt', label: 'Last modified' },
];

/**
 * /networks (platform spec §2): the networks a person owns or was given, with the actions each allows.
 * Add, manage, share, export, combine and delete are child routes: dialogs over this list.
 */
export function NetworksPage() {
  useDocumentTitle('Networks');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const created = (location.state as { created?: string } | null)?.created;
  const [sort, setSort] = useState<TSort<TSortBy>>({ id: 'updatedAt', desc: true });
  const [selection, setSelection] = useState<DataTableSelection>({});
  const discoverOn = !!useCurrentUser().billing.modules.discover?.enabled;

  const list = useQuery(
    trpc.networks.list.queryOptions(
      { sortBy: sort.id, sortDirection: sort.desc ? 'desc' : 'asc' },
      { placeholderData: keepPreviousData },
    ),
  );
  const rows = list.data ?? [];
  // A network deleted elsewhere drops out of the selection with the next list.
  const selected = useMemo(() => rows.filter((n) => selection[n._id]), [rows, selection]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.networks.list.queryKey() });
  const refreshFromSurvey = useMutation(
    trpc.networks.survey.refresh.mutationOptions({
      onSuccess: (n) => {
        toast.success(`“${n.name}” now has the survey's latest answers`);
        refresh();
      },
    }),
  );

  const outlet: TNetworksOutlet = {
    networks: rows,
    selected,
    clearSelection: () => setSelection({}),
    refresh,
  };

  const actions = (n: TNetworkSummary) => {
    const canEdit = n.access !== 'View';
    const isOwner = n.access === 'Owner';
    const go = (to: string) => () => void navigate(`/networks/${n._id}/${to}`);
    return (
      <RowActionsMenu name={n.name}>
        <DropdownMenuItem onSelect={() => void navigate(networkPath(n))}>Open</DropdownMenuItem>
        {canEdit ? <DropdownMenuItem onSelect={go('manage')}>Manage</DropdownMenuItem> : null}
        {isOwner ? <DropdownMenuItem onSelect={go('manage/users')}>Share</DropdownMenuItem> : null}
        {isOwner && discoverOn ? (
          <DropdownMenuItem onSelect={go('publish')}>Publish to Discover</DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={go('duplicate')}>Duplicate</DropdownMenuItem>
        <DropdownMenuItem onSelect={go('export')}>Export</DropdownMenuItem>
        {n.surveyId && canEdit ? (
          <DropdownMenuItem
            disabled={refreshFromSurvey.isPending}
            onSelect={() => refreshFromSurvey.mutate({ id: n._id })}
          >
            Update from survey
          </DropdownMenuItem>
        ) : null}
        {isOwner ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem className="text-destructive" onSelect={go('delete')}>
              Delete
            </DropdownMenuItem>
          </>
        ) : null}
      </RowActionsMenu>
    );
  };

  const empty = list.isSuccess && rows.length === 0;
  return (
    <div className="flex flex-col gap-4">
      {empty ? (
        <EmptyNetworks onCreated={refresh} />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">Networks</h1>
            <div className="flex flex-wrap gap-2">
              {selected.length > 0 ? (
                <Link
                  to="/networks/delete-selected-network"
                  className={buttonVariants({ variant: 'outline' })}
                  aria-label={`Delete ${selected.length} selected`}
                >
                  <Trash2 aria-hidden="true" /> Delete selected ({selected.length})
                </Link>
              ) : null}
              <Link to="/networks/combine-network" className={buttonVariants({ variant: 'outline' })}>
                <Combine aria-hidden="true" /> Combine
              </Link>
              <Link to="/networks/add" className={buttonVariants()}>
                <Plus aria-hidden="true" /> Add network
              </Link>
            </div>
          </div>
          <SortFields
            options={SORTS}
            sort={sort}
            onSort={setSort}
            className="sm:justify-end"
            fieldClassName="sm:flex-none"
          />
          <NetworkTable
            rows={rows}
            loading={list.isPending}
            onRetry={list.isError ? () => void list.refetch() : null}
            sort={sort}
            onSortChange={(next) => setSort(sortOf(SORTS, next) ?? sort)}
            selected={selection}
            onSelect={setSelection}
            highlight={created}
            actions={actions}
          />
        </>
      )}
      <Outlet context={outlet} />
    </div>
  );
}
