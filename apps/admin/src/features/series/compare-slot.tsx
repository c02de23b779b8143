import { SelectField } from '@tieline/ui';
import { useState } from 'react';
import type { TSnapshot } from './series-data';

// The place of the compare view of two snapshots (issue 34 "Comparing two snapshots": counts, QAP, E-I
// by group, persons with deltas and badges, born and dissolved ties, xlsx). The comparison itself is
// POST /api/base/networks/compare, built apart; it is wired here once that endpoint is merged, with the
// two snapshots chosen below as its base and other (network id and dataVersion each).

export function CompareSlot({ snapshots }: { snapshots: TSnapshot[] }) {
  const options = snapshots.map((s, i) => ({ value: String(i), label: s.label }));
  const [base, setBase] = useState(String(Math.max(0, snapshots.length - 2)));
  const [other, setOther] = useState(String(snapshots.length - 1));
  return (
    <section
      aria-labelledby="compare-heading"
      data-testid="series-compare-slot"
      className="flex flex-col gap-3 rounded-lg border border-dashed p-4"
    >
      <h2 id="compare-heading" className="text-lg font-semibold">
        Compare two snapshots
      </h2>
      {snapshots.length < 2 ? (
        <p className="text-sm text-muted-foreground">A comparison needs two snapshots.</p>
      ) : (
        <div className="flex flex-wrap gap-3">
          <SelectField label="Before" value={base} options={options} onChange={setBase} className="w-44" />
          <SelectField label="After" value={other} options={options} onChange={setOther} className="w-44" />
        </div>
      )}
      <p className="text-sm text-muted-foreground">
        The comparison of the two snapshots (people and ties kept, joined and left, QAP, E-I by group, each person's
        change) is not available yet.
      </p>
    </section>
  );
}
