import { createContext, type ReactNode, useContext } from 'react';
import { type TStabilityView, useStability } from './use-stability';

// One stability query per explorer, shared by the person panel and the metrics table.

const StabilityContext = createContext<TStabilityView | null>(null);

export function StabilityProvider({ networkId, children }: { networkId: string; children: ReactNode }) {
  return <StabilityContext value={useStability(networkId)}>{children}</StabilityContext>;
}

/** The explorer's stability, or null outside a StabilityProvider (the panels then show none). */
export const useStabilityView = (): TStabilityView | null => useContext(StabilityContext);
