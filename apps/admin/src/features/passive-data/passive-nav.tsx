import { Button } from '@tieline/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TabNav } from '../../components/tab-nav';
import { isOrganizationAdmin, useCurrentUser } from '../../lib/current-user';

// Queries and lists name people: they are for those who see person-level passive data (the server's rule,
// seesPassivePeople, given to the app as `passivePeople`); every member with the module has the rest.
const LINKS = [
  { to: '/passivedata', label: 'Overview', end: true, people: false },
  { to: '/passivedata/queries', label: 'Queries', end: false, people: true },
  { to: '/passivedata/lists', label: 'Lists', end: false, people: true },
  { to: '/passivedata/reports', label: 'Reports', end: true, people: false },
  { to: '/passivedata/settings', label: 'Settings', end: true, people: false },
];

/** Owners and Admins of an organization, or an individual for their own account, manage connections. */
export function useManagesPassiveData(): boolean {
  const user = useCurrentUser();
  return user.organizations.length === 0 || isOrganizationAdmin(user);
}

/** The module's sections the user may open, as links (the page's own heading follows). */
export function PassiveNav() {
  const { passivePeople } = useCurrentUser();
  const tabs = LINKS.filter((link) => passivePeople || !link.people);
  return <TabNav label="Passive data" tabs={tabs} className="mb-6 flex-wrap" />;
}

/**
 * A page of person-level passive data (queries, lists): for a member without it, what they have instead
 * (the server refuses the calls with the same words).
 */
export function PeopleOnly({ children }: { children: ReactNode }) {
  const { passivePeople } = useCurrentUser();
  if (passivePeople) return children;
  return (
    <div className="mx-auto flex max-w-6xl min-w-0 flex-col p-4 sm:p-6">
      <PassiveNav />
      <h1 className="mb-2 text-2xl font-semibold">Person-level passive data</h1>
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">
        Queries, lists and the networks they make name people: they are for the organization's Owners and Admins and for
        members an Owner grants person-level passive data. Ask an Owner for it, or see how groups work together in group
        reports.
      </p>
      <div>
        <Button asChild>
          <Link to="/passivedata/reports">Open group reports</Link>
        </Button>
      </div>
    </div>
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
