import type { TUser } from '@tieline/validation';
import { ImageIcon, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/page-states';
import { isOrganizationOwner, useCurrentUser } from '../../lib/current-user';
import { useDocumentTitle } from '../../lib/use-document-title';

type Access = 'signedIn' | 'owner';

type SettingsPageDef = {
  title: string;
  icon: ReactNode;
  access: Access;
  body: (user: TUser) => ReactNode;
};

const orgName = (user: TUser) => user.organizations[0]?.organization.name ?? 'your organization';

/** Settings areas from spec §2; each names what will be there and shows only real account data. */
export const SETTINGS_PAGES = {
  logos: {
    title: 'Logos',
    icon: <ImageIcon aria-hidden="true" />,
    access: 'owner',
    body: (user) => `Logos: upload the logos shown to the people of ${orgName(user)} here.`,
  },
} satisfies Record<string, SettingsPageDef>;

function allowed(user: TUser, access: Access): boolean {
  if (access === 'owner') return isOrganizationOwner(user);
  return true;
}

export function SettingsPage({ page }: { page: keyof typeof SETTINGS_PAGES }) {
  const def: SettingsPageDef = SETTINGS_PAGES[page];
  const user = useCurrentUser();
  useDocumentTitle(def.title);

  if (!allowed(user, def.access)) {
    return (
      <EmptyState title={def.title} icon={<Lock aria-hidden="true" />}>
        Only the owner of the organization can open this page.
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
