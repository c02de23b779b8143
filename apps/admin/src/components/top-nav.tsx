import { cn } from '@tieline/ui';
import type { RefObject } from 'react';
import { NavLink } from 'react-router';
import { useBranding } from '../lib/branding';
import { useCurrentUser } from '../lib/current-user';
import { enabledModules } from '../lib/module-list';
import { HomeLink } from './home-link';
import { NavMenus } from './nav-menus';

/** Top navigation bar (spec §2): logo, enabled modules, then the Admin/Organization/Help/user menus. */
type TopNavProps = { onRequestSupport: () => void; helpTriggerRef: RefObject<HTMLButtonElement | null> };

export function TopNav({ onRequestSupport, helpTriggerRef }: TopNavProps) {
  const user = useCurrentUser();
  const modules = enabledModules(user.billing.modules);
  const { logoUrl } = useBranding();
  const organization = user.organizations[0]?.organization.name;

  return (
    <header className="bg-nav text-nav-foreground shadow-sm">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2 sm:px-6">
        <HomeLink logo={logoUrl && organization ? { url: logoUrl, organization } : null} />
        {modules.length > 0 ? (
          <nav aria-label="Modules" className="order-last -mx-2 w-full overflow-x-auto lg:order-none lg:mx-0 lg:w-auto">
            <ul className="flex items-center gap-1">
              {modules.map((m) => (
                <li key={m.name}>
                  <NavLink
                    to={m.path}
                    className={({ isActive }) =>
                      cn(
                        'block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-nav-foreground/85 hover:bg-nav-hover hover:text-nav-foreground',
                        isActive && 'bg-nav-hover text-nav-foreground underline decoration-2 underline-offset-8',
                      )
                    }
                  >
                    {m.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <NavMenus onRequestSupport={onRequestSupport} helpTriggerRef={helpTriggerRef} />
      </div>
    </header>
  );
}
