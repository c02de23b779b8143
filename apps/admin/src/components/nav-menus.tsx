import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel } from '@tieline/ui';
import {
  Building,
  CirclePlay,
  CircleQuestionMark,
  History,
  ImageIcon,
  Inbox,
  LifeBuoy,
  Settings,
  ShieldCheck,
  Users,
} from 'lucide-react';
import type { RefObject } from 'react';
import { isOrganizationAdmin, isOrganizationOwner, isSuperAdmin, useCurrentUser } from '../lib/current-user';
import { useTutorialVideo } from '../lib/tutorial-videos';
import { AccountMenu } from './account-menu';
import { LinkItem, MenuTrigger } from './menu-parts';

/** Right-hand menus of the top bar; each appears only for the people allowed to use it (spec §2, §6). */
type NavMenusProps = { onRequestSupport: () => void; helpTriggerRef: RefObject<HTMLButtonElement | null> };

export function NavMenus({ onRequestSupport, helpTriggerRef }: NavMenusProps) {
  const user = useCurrentUser();
  const organization = user.organizations[0]?.organization;
  const tutorial = useTutorialVideo();

  return (
    <div className="ml-auto flex flex-wrap items-center justify-end gap-0.5">
      {isSuperAdmin(user) ? (
        <DropdownMenu>
          <MenuTrigger label="Admin">
            <ShieldCheck aria-hidden="true" />
            <span className="hidden sm:inline">Admin</span>
          </MenuTrigger>
          <DropdownMenuContent>
            <LinkItem to="/admin/management/user" icon={<Users aria-hidden="true" />}>
              User Management
            </LinkItem>
            <LinkItem to="/admin/management/organization" icon={<Building aria-hidden="true" />}>
              Organization Management
            </LinkItem>
            <LinkItem to="/admin/management/audit" icon={<History aria-hidden="true" />}>
              Audit Log
            </LinkItem>
            <LinkItem to="/admin/management/support" icon={<Inbox aria-hidden="true" />}>
              Support Requests
            </LinkItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}

      {organization && isOrganizationAdmin(user) ? (
        <DropdownMenu>
          <MenuTrigger label={`Organisation: ${organization.name}`}>
            <Building aria-hidden="true" />
            <span className="hidden truncate sm:inline" title={organization.name}>
              {organization.name}
            </span>
          </MenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuLabel>{organization.name}</DropdownMenuLabel>
            <LinkItem to="/organization/settings/manage-users" icon={<Users aria-hidden="true" />}>
              User Management
            </LinkItem>
            <LinkItem to="/organization/settings/manage-organizations" icon={<Settings aria-hidden="true" />}>
              Organization Settings
            </LinkItem>
            {isOrganizationOwner(user) ? (
              <LinkItem to="/organization/settings/logos" icon={<ImageIcon aria-hidden="true" />}>
                Logos
              </LinkItem>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}

      <DropdownMenu>
        <MenuTrigger ref={helpTriggerRef} label="Help">
          <CircleQuestionMark aria-hidden="true" />
          <span className="hidden sm:inline">Help</span>
        </MenuTrigger>
        <DropdownMenuContent>
          {tutorial ? (
            <DropdownMenuItem asChild>
              <a href={tutorial} target="_blank" rel="noopener noreferrer">
                <CirclePlay aria-hidden="true" />
                Watch Tutorial
              </a>
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={onRequestSupport}>
            <LifeBuoy aria-hidden="true" />
            Request Support
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <AccountMenu />
    </div>
  );
}
