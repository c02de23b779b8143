import { cn, DropdownMenu, DropdownMenuContent, DropdownMenuItem } from '@tieline/ui';
import { LayoutGrid } from 'lucide-react';
import type { RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useBranding } from '../lib/branding';
import { useCurrentUser } from '../lib/current-user';
import { enabledModules } from '../lib/module-list';
import { HomeLink } from './home-link';
import { MenuTrigger } from './menu-parts';
import { NavMenus } from './nav-menus';

/** Top navigation bar (spec §2): logo, enabled modules, then the Admin/Organization/Help/user menus. */
type TopNavProps = { onRequestSupport: () => void; helpTriggerRef: RefObject<HTMLButtonElement | null> };

type TModules = ReturnType<typeof enabledModules>;

/**
 * One row on a laptop or wider (the organization menu shows its name from 1536 px; the account menu
 * names the organization too); two rows between 1024 and about 1280 px with every module; below 1024 px
 * the modules are a menu named after the current one, so none hides in a scroll.
 */
export function TopNav({ onRequestSupport, helpTriggerRef }: TopNavProps) {
  const user = useCurrentUser();
  const modules = enabledModules(user.billing.modules);
  const { logoUrl } = useBranding();
  const organization = user.organizations[0]?.organization.name;

  return (
    <header className="bg-nav text-nav-foreground shadow-sm">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 sm:px-6">
        <HomeLink logo={logoUrl && organization ? { url: logoUrl, organization } : null} />
        {modules.length > 0 ? (
          <>
            <ModuleMenu modules={modules} />
            <nav aria-label="Modules" className="hidden lg:block">
              <ul className="flex flex-wrap items-center gap-1">
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
          </>
        ) : null}
        <NavMenus onRequestSupport={onRequestSupport} helpTriggerRef={helpTriggerRef} />
      </div>
    </header>
  );
}

/** Below 1024 px: the modules as a menu whose button names the module open now. */
function ModuleMenu({ modules }: { modules: TModules }) {
  const { pathname } = useLocation();
  const current = modules.find((m) => pathname === m.path || pathname.startsWith(`${m.path}/`));
  return (
    <div className="lg:hidden">
      <DropdownMenu>
        <MenuTrigger label={current ? `Modules: ${current.label}` : 'Modules'}>
          <LayoutGrid aria-hidden="true" />
          <span>{current?.label ?? 'Modules'}</span>
        </MenuTrigger>
        <DropdownMenuContent align="start">
          {modules.map((m) => (
            <DropdownMenuItem key={m.name} asChild>
              <Link
                to={m.path}
                aria-current={m === current ? 'page' : undefined}
                className={cn(m === current && 'font-semibold')}
              >
                {m.label}
              </Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
