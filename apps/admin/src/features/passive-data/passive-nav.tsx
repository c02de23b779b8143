import { Button } from '@tieline/ui';
import { Link } from 'react-router';
import { TabNav } from '../../components/tab-nav';
import { isOrganizationAdmin, useCurrentUser } from '../../lib/current-user';

const LINKS = [
  { to: '/passivedata', label: 'Overview', end: true },
  { to: '/passivedata/queries', label: 'Queries', end: false },
  { to: '/passivedata/lists', label: 'Lists', end: false },
  { to: '/passivedata/reports', label: 'Reports', end: true },
  { to: '/passivedata/settings', label: 'Settings', end: true },
];

/** Owners and Admins of an organization, or an individual for their own account, manage connections. */
export function useManagesPassiveData(): boolean {
  const user = useCurrentUser();
  return user.organizations.length === 0 || isOrganizationAdmin(user);
}

/** The module's sections, as links (the page's own heading follows). */
export function PassiveNav() {
  return <TabNav label="Passive data" tabs={LINKS} className="mb-6 flex-wrap" />;
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
