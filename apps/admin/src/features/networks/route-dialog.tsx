import { useQuery } from '@tanstack/react-query';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, Spinner } from '@tieline/ui';
import { NETWORK_MSG, type TNetworkSummary } from '@tieline/validation';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCloseToList } from './networks-outlet';

type RouteDialogProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Where closing goes; the list by default. */
  onClose?: () => void;
  wide?: boolean;
};

/** A dialog that is a route over the list (spec §2 child routes): closing it goes back. */
export function RouteDialog({ title, description, children, onClose, wide }: RouteDialogProps) {
  const closeToList = useCloseToList();
  const close = onClose ?? (() => closeToList());
  useDocumentTitle(title);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className={wide ? 'max-w-[720px]' : 'max-w-[600px]'}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {/* Radix wants a description or an explicit undefined to skip its warning. */}
          <DialogDescription className={description ? undefined : 'sr-only'}>{description ?? title}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The network of the route's :id, read through networks.get (direct links work without the list). */
export function useRouteNetwork() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  return useQuery(trpc.networks.get.queryOptions({ id }));
}

/** Renders `children` once the route's network is loaded; a spinner or the reason until then. */
export function WithNetwork({
  network,
  children,
}: {
  network: ReturnType<typeof useRouteNetwork>;
  children: (n: TNetworkSummary) => ReactNode;
}) {
  if (network.isPending) return <Spinner label="Loading network" showLabel />;
  if (network.isError)
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(network.error, NETWORK_MSG.failed) || NETWORK_MSG.notFound}
      </p>
    );
  return <>{children(network.data)}</>;
}
