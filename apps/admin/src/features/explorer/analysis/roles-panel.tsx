import type { TMetricsResult, TNetworkData, TOnaRole } from '@tieline/graph';

const ROLES: { role: TOnaRole; title: string; about: string }[] = [
  { role: 'broker', title: 'Brokers', about: 'Bridge groups that would otherwise be apart.' },
  { role: 'connector', title: 'Connectors', about: 'Hold their own group together.' },
  { role: 'peripheral', title: 'Peripherals', about: 'At the edge, with few ties.' },
];

/** The people in each ONA role, by the groups chosen on the dashboard. */
export function RolesPanel({
  data,
  metrics,
  onFocus,
}: {
  data: TNetworkData;
  metrics: TMetricsResult;
  onFocus: (node: number) => void;
}) {
  const ona = metrics.ona;
  if (!ona) {
    return (
      <p className="text-sm text-muted-foreground">
        Roles need groups: choose a category attribute (such as Department) under Groups on the Dashboard.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p className="text-xs text-muted-foreground">Groups: {ona.attribute}</p>
      {ROLES.map(({ role, title, about }) => {
        const people = ona.roles.flatMap((r, i) => (r === role ? [i] : []));
        return (
          <section key={role} aria-labelledby={`role-${role}`}>
            <h2 id={`role-${role}`} className="font-semibold">
              {title} ({people.length})
            </h2>
            <p className="mb-1 text-xs text-muted-foreground">{about}</p>
            <ul className="flex flex-wrap gap-1">
              {people.map((i) => (
                <li key={i}>
                  <button
                    type="button"
                    className="rounded bg-muted px-1.5 py-0.5 text-xs hover:underline"
                    onClick={() => onFocus(i)}
                  >
                    {data.nodes[i]?.name}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
