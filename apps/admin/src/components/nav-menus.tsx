import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '@tieline/ui';
import { Building, CirclePlay, CircleQuestionMark, LifeBuoy, ShieldCheck } from 'lucide-react';
import type { RefObject } from 'react';
import { isOrganizationAdmin, isOrganizationOwner, isSuperAdmin, useCurrentUser } from '../lib/current-user';
import { useTutorialVideo } from '../lib/tutorial-videos';
import { AccountMenu } from './account-menu';
import { ADMIN_LINKS, GUIDE_LINKS, LOGOS_LINK, ORGANIZATION_LINKS } from './menu-links';
import { LinkItems, MenuTrigger } from './menu-parts';

/** Right-hand menus of the top bar; each appears only for the people allowed to use it (spec §2, §6). */
type NavMenusProps = { onRequestSupport: () => void; helpTriggerRef: RefObject<HTMLButtonElement | null> };

export function NavMenus({ onRequestSupport, helpTriggerRef }: NavMenusProps) {
  const user = useCurrentUser();
  const organization = user.organizations[0]?.organization;
  const tutorial = useTutorialVideo();
  const passiveData = !!user.billing.modules.passiveData?.enabled;

  return (
    <div className="ml-auto flex flex-wrap items-center justify-end gap-0.5">
      {isSuperAdmin(user) ? (
        <DropdownMenu>
          <MenuTrigger label="Admin">
            <ShieldCheck aria-hidden="true" />
            <span className="hidden sm:inline">Admin</span>
          </MenuTrigger>
          <DropdownMenuContent>
            <LinkItems links={ADMIN_LINKS} />
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}

      {organization && isOrganizationAdmin(user) ? (
        <DropdownMenu>
          <MenuTrigger label={`Organization: ${organization.name}`}>
            <Building aria-hidden="true" />
            <span className="hidden truncate 2xl:inline" title={organization.name}>
              {organization.name}
            </span>
          </MenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuLabel>{organization.name}</DropdownMenuLabel>
            <LinkItems links={isOrganizationOwner(user) ? [...ORGANIZATION_LINKS, LOGOS_LINK] : ORGANIZATION_LINKS} />
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
          {passiveData ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuLabel>Setup guides</DropdownMenuLabel>
              <LinkItems links={GUIDE_LINKS} />
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>

      <AccountMenu />
    </div>
  );
}
