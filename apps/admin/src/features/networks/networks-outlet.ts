import type { TNetworkSummary } from '@tieline/validation';
import { useNavigate, useOutletContext } from 'react-router';
import { trackEvent } from '../../lib/analytics';

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
  return (created?: string) => {
    if (created) trackEvent('network created');
    void navigate('/networks', created ? { state: { created } } : undefined);
  };
}
