import { readinessLayers, type TReadinessLayer } from '@tieline/graph';
import { Button, Checkbox, Label } from '@tieline/ui';
import type { TNetworkSummary } from '@tieline/validation';
import { useId, useState } from 'react';

// Adaptable readiness's energy layers (docs/analysis.md): the layers of the union of the chosen
// networks, named as the new network names them, ticked at first by the name rule (a layer's own
// name contains "energ"). Once the user ticks or unticks one, exactly the ticked layers are sent as
// `energyLayers`; until then nothing is sent and the server applies the same rule.

/** The chosen networks' union layers, the user's own ticks, and the `energyLayers` to send (undefined: the rule). */
export function useEnergyLayers(chosen: readonly TNetworkSummary[]) {
  const [ticks, setTicks] = useState<Record<string, boolean>>({});
  const layers = readinessLayers(chosen.map((n) => ({ name: n.name, layers: n.layers })));
  const isEnergy = (l: TReadinessLayer) => ticks[l.name] ?? l.energy;
  const own = Object.keys(ticks).length > 0;
  return {
    layers,
    isEnergy,
    own,
    tick: (name: string, on: boolean) => setTicks((t) => ({ ...t, [name]: on })),
    reset: () => setTicks({}),
    energyLayers: own ? layers.filter(isEnergy).map((l) => l.name) : undefined,
  };
}

export function EnergyLayerChecklist({ state }: { state: ReturnType<typeof useEnergyLayers> }) {
  const { layers, isEnergy, own, tick, reset } = state;
  const listId = useId();
  const none = layers.length > 0 && !layers.some(isEnergy);
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={`${listId}-hint`}>
      <legend className="mb-1 text-sm font-medium">Energy layers</legend>
      <p id={`${listId}-hint`} className="mb-1 text-sm text-muted-foreground">
        Ties in these layers make the Energizer score. Ticked at first: the layers whose own name contains “energ”.
      </p>
      {layers.length === 0 ? (
        <p className="text-sm text-muted-foreground">Choose networks above to see their layers.</p>
      ) : (
        <div className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-md border border-border p-2">
          {layers.map((l, i) => {
            const id = `${listId}-${i}`;
            return (
              <div key={l.name} className="flex min-h-9 items-center gap-3 rounded px-2 hover:bg-muted">
                <Checkbox id={id} checked={isEnergy(l)} onCheckedChange={(on) => tick(l.name, on === true)} />
                <Label htmlFor={id} className="flex-1 cursor-pointer break-words font-normal">
                  {l.name}
                </Label>
              </div>
            );
          })}
        </div>
      )}
      {none ? (
        <p className="text-sm text-muted-foreground">No energy layer: the result will have no Energizer score.</p>
      ) : null}
      {own ? (
        <div>
          <Button type="button" variant="ghost" size="sm" onClick={reset}>
            Tick by name again
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
