import type { TUser } from '@tieline/validation';
import { Building, CreditCard, Lock, ShieldCheck, UserRound, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/page-states';
import { isOrganizationOwner, isSuperAdmin, useCurrentUser } from '../../lib/current-user';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AccountSummary, PlanSummary } from './account-summary';

type Access = 'signedIn' | 'owner' | 'superAdmin';

type SettingsPageDef = {
  title: string;
  icon: ReactNode;
  access: Access;
  body: (user: TUser) => ReactNode;
};

const orgName = (user: TUser) => user.organizations[0]?.organization.name ?? 'your organization';

/** Settings areas from spec §2; each names what will be there and shows only real account data. */
export const SETTINGS_PAGES = {
  manageUsers: {
    title: 'User Management',
    icon: <Users aria-hidden="true" />,
    access: 'owner',
    body: (user) => `Organization users: add, edit, upload and remove the people of ${orgName(user)} here.`,
  },
  manageOrganizations: {
    title: 'Organization Settings',
    icon: <Building aria-hidden="true" />,
    access: 'owner',
    body: (user) => `Organization settings: the name and single sign-on (SAML) of ${orgName(user)} here.`,
  },
  profile: {
    title: 'Profile',
    icon: <UserRound aria-hidden="true" />,
    access: 'signedIn',
    body: (user) => (
      <>
        <p>Profile: change your name, username, email address, password and two-factor settings here.</p>
        <AccountSummary user={user} />
      </>
    ),
  },
  billing: {
    title: 'Billing',
    icon: <CreditCard aria-hidden="true" />,
    access: 'signedIn',
    body: (user) => (
      <>
        <p>Billing: manage your plan, credit cards and credits here.</p>
        <PlanSummary user={user} />
      </>
    ),
  },
  adminUsers: {
    title: 'User Management',
    icon: <ShieldCheck aria-hidden="true" />,
    access: 'superAdmin',
    body: () => 'User management: find and manage every Tieline user here.',
  },
  adminOrganizations: {
    title: 'Organization Management',
    icon: <ShieldCheck aria-hidden="true" />,
    access: 'superAdmin',
    body: () => 'Organization management: find and manage every organization here.',
  },
} satisfies Record<string, SettingsPageDef>;

function allowed(user: TUser, access: Access): boolean {
  if (access === 'owner') return isOrganizationOwner(user);
  if (access === 'superAdmin') return isSuperAdmin(user);
  return true;
}

export function SettingsPage({ page }: { page: keyof typeof SETTINGS_PAGES }) {
  const def: SettingsPageDef = SETTINGS_PAGES[page];
  const user = useCurrentUser();
  useDocumentTitle(def.title);

  if (!allowed(user, def.access)) {
    return (
      <EmptyState title={def.title} icon={<Lock aria-hidden="true" />}>
        {def.access === 'owner'
          ? 'Only the owner of the organization can open this page.'
          : 'Only Tieline administrators can open this page.'}
      </EmptyState>
    );
  }
  return (
    <EmptyState title={def.title} icon={def.icon}>
      <div className="flex flex-col gap-1">
        {def.body(user)}
        <p>This area is being built.</p>
      </div>
    </EmptyState>
  );
}
