import { useQuery } from '@tanstack/react-query';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, Spinner } from '@tieline/ui';
import { DISCOVER_MSG, type TDiscoverDescribe } from '@tieline/validation';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';

/** A dialog that is a route over the gallery ({id}/describe, {id}/duplicate): closing it goes back. */
export function DiscoverDialog({
  title,
  description,
  wide,
  children,
}: {
  title: string;
  description?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  useDocumentTitle(title);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : void navigate('/discover'))}>
      <DialogContent className={wide ? 'max-h-[90dvh] max-w-[860px] overflow-y-auto' : 'max-w-[560px]'}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className={description ? undefined : 'sr-only'}>{description ?? title}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The route's published network with its summary (GET /discover/{id}). */
export function useRouteDiscover() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  return useQuery(trpc.discover.describe.queryOptions({ id }, { staleTime: 5 * 60_000 }));
}

/** `children` once the route's network is loaded; a spinner or the reason until then. */
export function WithDiscover({
  query,
  children,
}: {
  query: ReturnType<typeof useRouteDiscover>;
  children: (d: TDiscoverDescribe) => ReactNode;
}) {
  if (query.isPending) return <Spinner label="Describing the network" showLabel />;
  if (query.isError)
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(query.error) || DISCOVER_MSG.notFound}
      </p>
    );
  return <>{children(query.data)}</>;
}
