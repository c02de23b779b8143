import type { TNetworkSummary } from '@tieline/validation';
import { useNavigate, useOutletContext } from 'react-router';

/** What the list page hands the dialogs opened over it (its child routes). */
export type TNetworksOutlet = {
  networks: TNetworkSummary[];
  selected: TNetworkSummary[];
  clearSelection: () => void;
  refresh: () => void;
};

export function useNetworksOutlet() {
  return useOutletContext<TNetworksOutlet>();
}

/** Dialogs over the list close back to it; `created` names a new network for the list to show. */
export function useCloseToList() {
  const navigate = useNavigate();
  return (created?: string) => void navigate('/networks', created ? { state: { created } } : undefined);
}
