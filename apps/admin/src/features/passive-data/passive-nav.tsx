import { Button, cn } from '@tieline/ui';
import { Link, NavLink } from 'react-router';
import { isOrganizationAdmin, useCurrentUser } from '../../lib/current-user';

const LINKS = [
  { to: '/passivedata', label: 'Overview', end: true },
  { to: '/passivedata/queries', label: 'Queries', end: false },
  { to: '/passivedata/lists', label: 'Lists', end: false },
  { to: '/passivedata/settings', label: 'Settings', end: true },
];

/** Owners and Admins of an organization, or an individual for their own account, manage connections. */
export function useManagesPassiveData(): boolean {
  const user = useCurrentUser();
  return user.organizations.length === 0 || isOrganizationAdmin(user);
}

/** The module's sections, as links (the page's own heading follows). */
export function PassiveNav() {
  return (
    <nav aria-label="Passive data" className="mb-6 flex flex-wrap gap-1 border-b">
      {LINKS.map((l) => (
        <NavLink
          key={l.to}
          to={l.to}
          end={l.end}
          className={({ isActive }) =>
            cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              isActive
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )
          }
        >
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

/** A section that could not load, with a retry. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
      We could not load {what}.
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** A query's or a run's network, or a dash while there is none. */
export function ExploreLink({ networkId }: { networkId: string | null | undefined }) {
  return networkId ? (
    <Link to={`/networks/explore/${networkId}`} className="underline">
      Explore
    </Link>
  ) : (
    '—'
  );
}
