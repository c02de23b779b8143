import { BORN_COLOR, DISSOLVED_COLOR } from '@tieline/sigma-engine';
import type { TTieChanges } from './tie-changes';

const count = (n: number) => n.toLocaleString('en-US');

/** The legend of a series' changes view: born ties in one color, dissolved ties dashed in another. */
export function ChangesLegend({ changes }: { changes: TTieChanges }) {
  const drawn = changes.dissolved.length / 2;
  return (
    <div className="mt-1.5" data-testid="changes-legend">
      <p className="font-medium">Changes since {changes.since}</p>
      <ul className="mt-0.5 flex flex-col gap-0.5">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-0.5 w-4 shrink-0" style={{ background: BORN_COLOR }} />
          Born ties <span className="ml-auto pl-2 tabular-nums text-muted-foreground">{count(changes.bornCount)}</span>
        </li>
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="h-0 w-4 shrink-0 border-t-2 border-dashed"
            style={{ borderColor: DISSOLVED_COLOR }}
          />
          Dissolved ties (dashed)
          <span className="ml-auto pl-2 tabular-nums text-muted-foreground">{count(drawn)}</span>
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-0.5 w-4 shrink-0 bg-gray-300" />
          Kept ties
        </li>
      </ul>
      {changes.dissolvedWithLeavers > 0 ? (
        <p className="mt-0.5 text-muted-foreground">
          {count(changes.dissolvedWithLeavers)} more dissolved with people who left (not drawn)
        </p>
      ) : null}
    </div>
  );
}
