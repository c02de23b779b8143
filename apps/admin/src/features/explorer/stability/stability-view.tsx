import { Badge, Button, Progress } from '@tieline/ui';
import { CHANGE_LIMITS } from '@tieline/validation';
import { errorMessage } from '../../../lib/errors';
import { useStabilityView } from './stability-context';
import type { TStabilityPerson } from './use-stability';

// The interval and badge of each person's betweenness (docs/analysis.md, "How sure"): in the person
// panel and as a column of the metrics table.

const fmt = (x: number) => x.toFixed(3);

const EXPLAINED =
  `Betweenness recomputed in ${CHANGE_LIMITS.samplesDefault} samples, each leaving out ` +
  `${CHANGE_LIMITS.dropoutDefault * 100}% of the people at random (as if they had not answered), all layers. ` +
  'The range holds the middle 90% of a person’s values. A top broker is stable when they stay one in at least ' +
  '80% of the samples, unstable at 50% or less.';

/** "0.120–0.310", or a dash when no sample kept the person. */
export const intervalText = (p: TStabilityPerson) =>
  p.low === null || p.high === null ? '–' : `${fmt(p.low)}–${fmt(p.high)}`;

const BADGE = {
  stable: { colors: 'border-emerald-700 text-emerald-800', title: 'Stable top broker' },
  unstable: { colors: 'border-amber-700 text-amber-800', title: 'Unstable top broker' },
} as const;

export function StabilityBadge({ person, className = '' }: { person: TStabilityPerson; className?: string }) {
  if (!person.badge) return null;
  const { colors, title } = BADGE[person.badge];
  const share =
    person.topBrokerShare === null ? '' : ` (a top broker in ${Math.round(person.topBrokerShare * 100)}% of samples)`;
  return (
    <Badge variant="outline" className={`${colors} ${className}`} title={`${title}${share}`}>
      {person.badge}
    </Badge>
  );
}

/** The button that asks for the stability, its progress, or why it failed. */
export function StabilityStart() {
  const view = useStabilityView();
  if (!view || view.answer) return null;
  if (view.error) {
    return (
      <div className="flex flex-col gap-1 text-xs" role="alert">
        <span>{errorMessage(view.error)}</span>
        <Button size="sm" variant="outline" onClick={view.retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (view.wanted) {
    const progress = view.progress ?? 0;
    return (
      <div className="flex flex-col gap-1 text-xs" aria-live="polite">
        <span>
          {view.position !== null
            ? `Waiting for a free analysis slot: number ${view.position} in line`
            : `Computing stability… ${Math.round(progress * 100)}%`}
        </span>
        <Progress value={progress * 100} aria-label="Stability progress" />
      </div>
    );
  }
  return (
    <Button size="sm" variant="outline" onClick={view.want} title={EXPLAINED}>
      How sure? Compute stability
    </Button>
  );
}

/** The person panel's part: their betweenness range and, for top brokers, the badge. */
export function PersonStability({ name }: { name: string }) {
  const view = useStabilityView();
  if (!view) return null;
  const person = view.byName?.get(name);
  return (
    <section aria-labelledby="stability-heading" className="flex flex-col gap-1">
      <h3 id="stability-heading" className="font-medium">
        How sure
      </h3>
      {person ? (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-muted-foreground">Betweenness range</span>
            <span className="tabular-nums" data-testid="stability-interval">
              {intervalText(person)}
            </span>
            <StabilityBadge person={person} />
          </p>
          <p className="text-xs text-muted-foreground">{EXPLAINED}</p>
        </>
      ) : (
        <StabilityStart />
      )}
    </section>
  );
}

/** Under a betweenness value in the metrics table: the range and the badge. */
export function StabilityCell({ name }: { name: string }) {
  const person = useStabilityView()?.byName?.get(name);
  if (!person) return null;
  return (
    <span className="flex flex-col items-end gap-0.5 text-[0.6875rem] text-muted-foreground">
      <span data-testid="stability-range">
        <span className="sr-only">range </span>
        {intervalText(person)}
      </span>
      <StabilityBadge person={person} className="px-1.5 py-0 text-[0.6875rem]" />
    </span>
  );
}
