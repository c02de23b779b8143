import { useQuery } from '@tanstack/react-query';
import { Button } from '@tieline/ui';
import type { TOrganization } from '@tieline/validation';
import { Lock } from 'lucide-react';
import { Outlet, useOutletContext } from 'react-router';
import { EmptyState, FullPageSpinner } from '../../components/page-states';
import { TabNav } from '../../components/tab-nav';
import { isOrganizationOwner, useCurrentUser } from '../../lib/current-user';
import { useTRPC } from '../../lib/trpc';

type OrganizationContext = { organization: TOrganization; refresh: () => void };

/** The organization the settings pages edit, from the layout below. */
export function useOrganization(): OrganizationContext {
  return useOutletContext<OrganizationContext>();
}

const TABS = [
  { to: '/organization/settings/manage-organizations', label: 'Organization', end: true },
  { to: '/organization/settings/manage-organizations/saml', label: 'Single sign-on (SAML)', end: false },
];

/**
 * organization/settings/manage-organizations (and its child saml): the owner's settings of their
 * organization (spec §2, §6: the organization settings routes need the owner; the server checks too).
 */
export function OrganizationSettingsLayout() {
  const user = useCurrentUser();
  const trpc = useTRPC();
  const organizationId = user.organizations[0]?.organization._id ?? '';
  const owner = isOrganizationOwner(user);
  const organization = useQuery(trpc.organizations.get.queryOptions({ id: organizationId }, { enabled: owner }));

  if (!owner) {
    return (
      <EmptyState title="Organization Settings" icon={<Lock aria-hidden="true" />}>
        Only the owner of the organization can open this page.
      </EmptyState>
    );
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Organization Settings</h1>
        <p className="text-muted-foreground">{organization.data?.name ?? user.organizations[0]?.organization.name}</p>
      </div>
      <TabNav label="Organization settings" tabs={TABS} />
      {organization.isPending ? (
        <FullPageSpinner label="Loading the organization" />
      ) : organization.isError ? (
        <p role="alert">
          The organization could not be loaded.{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void organization.refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <Outlet
          context={
            {
              organization: organization.data,
              refresh: () => void organization.refetch(),
            } satisfies OrganizationContext
          }
        />
      )}
    </div>
  );
}
