import { useQuery } from '@tanstack/react-query';
import { buttonVariants } from '@tieline/ui';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { FullPageSpinner } from '../../components/page-states';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Explorer } from './explorer';
import { StabilityProvider } from './stability/stability-context';
import { SeriesExplorer } from './time/series-explorer';

// Spec §8: a network action that fails says 'Something went wrong'.
const FAILED = 'Something went wrong';

/** /networks/explore/{id} (and its children {viewId}, delete/{layerIndex}, resetView). */
export function ExplorerPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.networks.data.queryOptions({ id }), staleTime: 60_000 });
  useDocumentTitle(q.data?.network.name ?? 'Network');
  if (q.isPending) return <FullPageSpinner label="Loading network" />;
  if (q.isError) {
    const notFound = q.error.data?.code === 'NOT_FOUND';
    return (
      <div className="flex flex-col gap-4">
        <Link to="/networks" className={`${buttonVariants({ variant: 'ghost' })} self-start`}>
          <ArrowLeft aria-hidden="true" /> Networks
        </Link>
        <p role="alert" className="text-destructive">
          {notFound ? q.error.message : FAILED}
        </p>
      </div>
    );
  }
  const key = `${id}:${q.data.network.version}`;
  // A network in a series gets the time slider over its snapshots.
  const Shown = q.data.network.series.length > 0 ? SeriesExplorer : Explorer;
  return (
    <StabilityProvider key={key} networkId={id}>
      <Shown key={key} network={q.data.network} data={q.data.data} />
    </StabilityProvider>
  );
}
