import { Button, Checkbox, Label, Spinner } from '@tieline/ui';
import type { TSeries } from '@tieline/validation';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';

// The explorer's time slider over a series' snapshots: previous / next, or drag; the snapshot shown is
// named with its period. `index` null: the network's own current version, which the series does not hold.

export function TimeSlider({
  series,
  index,
  loading,
  onStep,
  changes,
  onChanges,
  changesNote,
}: {
  series: TSeries;
  index: number | null;
  loading: boolean;
  onStep: (index: number) => void;
  /** The changes view: ties born since the snapshot before and those dissolved. */
  changes: boolean;
  onChanges: (on: boolean) => void;
  /** Why no changes are drawn while the view is on, if so. */
  changesNote: string | null;
}) {
  const sliderId = useId();
  const changesId = useId();
  const count = series.snapshots.length;
  const shown = index === null ? null : series.snapshots[index];
  const last = count - 1;
  return (
    <section
      aria-label="Time slider"
      data-testid="time-slider"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-card px-3 py-2"
    >
      <p className="min-w-0 text-sm break-words">
        Series{' '}
        <Link to={`/networks/series/${series._id}`} className="font-medium underline-offset-4 hover:underline">
          {series.name}
        </Link>
      </p>
      <div className="flex w-full min-w-0 items-center gap-1 sm:w-auto sm:min-w-48 sm:flex-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Previous snapshot"
          disabled={index === 0 || count === 0}
          onClick={() => onStep(index === null ? last : index - 1)}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <label htmlFor={sliderId} className="sr-only">
          Snapshot
        </label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={Math.max(0, last)}
          step={1}
          value={index ?? last}
          aria-valuetext={shown ? shown.label : 'Current version'}
          onChange={(e) => onStep(Number(e.target.value))}
          className="min-w-24 flex-1 accent-primary"
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label="Next snapshot"
          disabled={index === last || index === null || count === 0}
          onClick={() => onStep((index ?? last) + 1)}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <p className="text-sm tabular-nums" aria-live="polite" data-testid="time-slider-label">
        {shown
          ? `${shown.label}${shown.from && shown.to ? ` (${shown.from} – ${shown.to})` : ''} · ${index! + 1} of ${count}`
          : 'Current version (not in the series)'}
      </p>
      {loading ? <Spinner label="Loading the snapshot" /> : null}
      <div className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <div className="flex items-center gap-2">
          <Checkbox id={changesId} checked={changes} onCheckedChange={(v) => onChanges(v === true)} />
          <Label htmlFor={changesId} className="font-normal">
            Show changes since the snapshot before
          </Label>
        </div>
        {changesNote ? (
          <p className="text-muted-foreground" aria-live="polite">
            {changesNote}
          </p>
        ) : null}
      </div>
    </section>
  );
}
