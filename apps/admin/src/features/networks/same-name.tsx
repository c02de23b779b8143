import type { TNetworkSummary } from '@tieline/validation';
import { TriangleAlert } from 'lucide-react';

/**
 * A name field's hint when another of the person's networks has that name already (any case, spaces
 * trimmed): allowed, but the list would show two networks alike. Undefined when the name is free.
 */
export function sameNameHint(name: string, networks: TNetworkSummary[], except?: string) {
  const wanted = name.trim().toLowerCase();
  const taken = wanted ? networks.find((n) => n._id !== except && n.name.trim().toLowerCase() === wanted) : undefined;
  if (!taken) return undefined;
  return (
    <span className="flex items-start gap-1.5 text-warning">
      <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      You already have a network named “{taken.name}”: both would be listed under the same name.
    </span>
  );
}
