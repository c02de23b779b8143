import { useQuery } from '@tanstack/react-query';
import { buttonVariants } from '@tieline/ui';
import { ArrowLeft, Waypoints } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { FullPageSpinner } from '../../components/page-states';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BetweennessRanks } from './betweenness-ranks';
import { CompareView } from './compare-view';
import { MeasureTimeline } from './measure-timeline';
import { PeopleChanges } from './people-changes';
import { useSnapshotDocuments } from './series-data';

// /networks/series/{id}: a series (issue 34): its measures over time, who joined and left, people's
// betweenness rank over time, and the compare view of any two snapshots.

export function SeriesPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.series.get.queryOptions({ id }), staleTime: 30_000 });
  useDocumentTitle(q.data?.name ?? 'Series');
  const snapshots = q.data?.snapshots ?? [];
  const documents = useSnapshotDocuments(snapshots);
  if (q.isPending) return <FullPageSpinner label="Loading series" />;
  if (q.isError) {
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <p role="alert" className="text-destructive">
          {q.error.data?.code === 'NOT_FOUND' ? q.error.message : 'Something went wrong'}
        </p>
      </div>
    );
  }
  const series = q.data;
  const last = snapshots.at(-1);
  const first = snapshots[0];
  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-8 sm:p-6">
      <div className="flex flex-col gap-2">
        <BackLink />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold break-words">{series.name}</h1>
          {last ? (
            <Link to={`/networks/explore/${last.networkId}`} className={buttonVariants({ variant: 'outline' })}>
              <Waypoints aria-hidden="true" /> Explore over time
            </Link>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">
          {snapshots.length === 0
            ? 'This series has no snapshots left: their networks were deleted.'
            : `${snapshots.length} snapshot${snapshots.length === 1 ? '' : 's'}, ${first!.label} to ${last!.label}${
                first!.from && last!.to ? ` (${first!.from} to ${last!.to})` : ''
              }.`}{' '}
          {series.queryId ? (
            <>
              Built by a{' '}
              <Link to={`/passivedata/queries/${series.queryId}/edit`} className="underline">
                passive data query
              </Link>
              : each run builds it again.
            </>
          ) : null}
        </p>
        {documents.failed ? (
          <p role="alert" className="text-sm text-destructive">
            Some snapshots could not be loaded.
          </p>
        ) : null}
      </div>
      {snapshots.length > 0 ? (
        <>
          <MeasureTimeline snapshots={snapshots} />
          <PeopleChanges snapshots={snapshots} documents={documents.data} />
          <BetweennessRanks snapshots={snapshots} documents={documents.data} />
          <CompareView snapshots={snapshots} documents={documents.data} />
        </>
      ) : null}
    </div>
  );
}

function BackLink() {
  return (
    <Link to="/networks" className={`${buttonVariants({ variant: 'ghost' })} self-start`}>
      <ArrowLeft aria-hidden="true" /> Networks
    </Link>
  );
}
