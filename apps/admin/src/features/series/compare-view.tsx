import { useMutation } from '@tanstack/react-query';
import type { TNetworkData } from '@tieline/graph';
import { Button, SelectField, Spinner } from '@tieline/ui';
import { NETWORK_MSG, type TCompareAnswer, type TCompareNetworksInput } from '@tieline/validation';
import { GitCompareArrows } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { attributeChoices, layerChoices, type TAsked } from './compare-data';
import { CompareResult } from './compare-result';
import type { TSnapshot } from './series-data';

// The compare view of two snapshots of a series (issue 34 "Comparing two snapshots"): the reader picks
// a before and an after (and, optionally, one layer and an attribute to group by), then
// networks.change.compare answers the counts, QAP, E-I by group, each person's change and the born and
// dissolved ties, and POST /api/base/networks/compare/xlsx the same as a workbook.

const sameInput = (a: TCompareNetworksInput, b: TCompareNetworksInput) =>
  a.baseNetworkId === b.baseNetworkId &&
  a.otherNetworkId === b.otherNetworkId &&
  a.baseVersion === b.baseVersion &&
  a.otherVersion === b.otherVersion &&
  a.layer === b.layer &&
  a.attribute === b.attribute;

export function CompareView({
  snapshots,
  documents,
}: {
  snapshots: TSnapshot[];
  documents: (TNetworkData | undefined)[];
}) {
  return (
    <section
      aria-labelledby="compare-heading"
      data-testid="series-compare-slot"
      className="flex min-w-0 flex-col gap-4 rounded-lg border border-border p-3 sm:p-4"
    >
      <h2 id="compare-heading" className="text-lg font-semibold">
        Compare two snapshots
      </h2>
      {snapshots.length < 2 ? (
        <p className="text-sm text-muted-foreground">A comparison needs two snapshots.</p>
      ) : (
        <Comparison snapshots={snapshots} documents={documents} />
      )}
    </section>
  );
}

function Comparison({ snapshots, documents }: { snapshots: TSnapshot[]; documents: (TNetworkData | undefined)[] }) {
  const trpc = useTRPC();
  const options = snapshots.map((s, i) => ({ value: String(i), label: s.label }));
  const [base, setBase] = useState(String(snapshots.length - 2));
  const [other, setOther] = useState(String(snapshots.length - 1));
  const [layer, setLayer] = useState('');
  const [attribute, setAttribute] = useState('');
  // The comparison asked last, and the answer shown: the previous answer stays, dimmed, while the next
  // computes, so the page does not jump; a refusal removes it.
  const [asking, setAsking] = useState<TAsked | null>(null);
  const [shown, setShown] = useState<{ answer: TCompareAnswer; asked: TAsked } | null>(null);
  const compare = useMutation(trpc.networks.change.compare.mutationOptions({ meta: { silentError: true } }));

  // A series read again may hold fewer snapshots (a query's run rebuilds it): a choice past its end reads as its last.
  const bi = Math.min(Number(base), snapshots.length - 1);
  const oi = Math.min(Number(other), snapshots.length - 1);
  const b = snapshots[bi]!;
  const o = snapshots[oi]!;
  const loaded = documents[bi] !== undefined && documents[oi] !== undefined;
  const layers = layerChoices(documents[bi], documents[oi]);
  const attributes = attributeChoices(documents[bi], documents[oi]);
  // A layer or attribute the new pair does not offer reads as none (the API would refuse it).
  const layerAsked = layers.includes(layer) ? layer : '';
  const attributeAsked = attributes.includes(attribute) ? attribute : '';
  const same = b.networkId === o.networkId && b.dataVersion === o.dataVersion;
  const input: TCompareNetworksInput = {
    baseNetworkId: b.networkId,
    otherNetworkId: o.networkId,
    baseVersion: b.dataVersion,
    otherVersion: o.dataVersion,
    ...(layerAsked ? { layer: layerAsked } : {}),
    ...(attributeAsked ? { attribute: attributeAsked } : {}),
  };
  const run = () => {
    const asked = { input, before: b.label, after: o.label };
    setAsking(asked);
    compare.mutate(input, {
      onSuccess: (answer) => setShown({ answer, asked }),
      onError: () => setShown(null),
    });
  };
  const changed = shown !== null && !compare.isPending && !sameInput(shown.asked.input, input);

  return (
    <>
      <p className="text-sm text-muted-foreground">
        People are matched by name (accents and case aside). Ties are read as a simple graph: one tie per pair, weights
        ignored; directed only when both snapshots are.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Before"
          value={String(bi)}
          options={options}
          onChange={setBase}
          className="w-full sm:w-44"
        />
        <SelectField
          label="After"
          value={String(oi)}
          options={options}
          onChange={setOther}
          className="w-full sm:w-44"
        />
        <SelectField
          label="Layer"
          value={layerAsked}
          options={[{ value: '', label: loaded ? 'All layers' : 'All layers (loading…)' }].concat(
            layers.map((l) => ({ value: l, label: l })),
          )}
          onChange={setLayer}
          className="w-full sm:w-44"
        />
        <SelectField
          label="Group by attribute"
          value={attributeAsked}
          options={[{ value: '', label: loaded ? 'No grouping' : 'No grouping (loading…)' }].concat(
            attributes.map((a) => ({ value: a, label: a })),
          )}
          onChange={setAttribute}
          className="w-full sm:w-52"
        />
        <Button onClick={run} disabled={same || compare.isPending} className="w-full sm:w-auto">
          <GitCompareArrows aria-hidden="true" /> {compare.isPending ? 'Comparing…' : 'Compare'}
        </Button>
      </div>
      {same ? (
        <p className="text-sm text-muted-foreground" data-testid="compare-same">
          Before and after are the same snapshot: pick two different ones to compare.
        </p>
      ) : null}
      {loaded && attributes.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          The two snapshots share no node attribute, so people cannot be grouped.
        </p>
      ) : null}
      <div aria-live="polite" className="flex flex-col gap-4">
        {compare.isPending && asking ? (
          <Spinner
            label={`Comparing ${asking.before} with ${asking.after}: counting ties, then 1,000 permutations for the tests. This can take a few seconds.`}
            showLabel
          />
        ) : null}
        {compare.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(compare.error, NETWORK_MSG.failed)}
          </p>
        ) : null}
        {shown && changed ? (
          <p className="text-sm text-muted-foreground">
            Below: {shown.asked.before} against {shown.asked.after}. Press Compare for the choices above.
          </p>
        ) : null}
      </div>
      {shown ? (
        <div aria-busy={compare.isPending} className={compare.isPending ? 'pointer-events-none opacity-50' : undefined}>
          <CompareResult answer={shown.answer} asked={shown.asked} />
        </div>
      ) : null}
    </>
  );
}
