import type { TNetworkData } from '@tieline/graph';
import { Spinner } from '@tieline/ui';
import { peopleChanges, type TSnapshot } from './series-data';

// Who joined and who left at each step of a series (people matched by name as each snapshot spells it).

const NAMES_SHOWN = 12;

function Names({ names }: { names: string[] }) {
  if (names.length === 0) return <span className="text-muted-foreground">—</span>;
  const more = names.length - NAMES_SHOWN;
  return (
    <details>
      <summary className="cursor-pointer tabular-nums">{names.length.toLocaleString('en-US')}</summary>
      <p className="mt-1 text-xs text-muted-foreground">
        {names.slice(0, NAMES_SHOWN).join(', ')}
        {more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}
      </p>
    </details>
  );
}

export function PeopleChanges({
  snapshots,
  documents,
}: {
  snapshots: TSnapshot[];
  documents: (TNetworkData | undefined)[];
}) {
  const changes = peopleChanges(documents);
  const loading = documents.some((d) => d === undefined);
  return (
    <section aria-labelledby="people-heading" className="flex flex-col gap-3">
      <h2 id="people-heading" className="text-lg font-semibold">
        People joining and leaving
      </h2>
      {loading ? <Spinner label="Loading the snapshots" showLabel /> : null}
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="series-people-table">
          <caption className="sr-only">People who joined and left at each snapshot, against the one before</caption>
          <thead>
            <tr className="border-b border-border">
              <th className="py-1 pr-3 text-left font-medium">Snapshot</th>
              <th className="py-1 pr-3 text-right font-medium">People</th>
              <th className="py-1 pr-3 text-left font-medium">Joined</th>
              <th className="py-1 pr-3 text-left font-medium">Left</th>
            </tr>
          </thead>
          <tbody>
            {snapshots.map((s, i) => (
              <tr key={`${s.networkId}:${s.dataVersion}`} className="border-b border-border align-top last:border-0">
                <td className="py-1 pr-3">{s.label}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{s.people.toLocaleString('en-US')}</td>
                {i === 0 ? (
                  <td colSpan={2} className="py-1 pr-3 text-muted-foreground">
                    The first snapshot
                  </td>
                ) : (
                  <>
                    <td className="py-1 pr-3">{changes[i] ? <Names names={changes[i].joined} /> : '…'}</td>
                    <td className="py-1 pr-3">{changes[i] ? <Names names={changes[i].left} /> : '…'}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
