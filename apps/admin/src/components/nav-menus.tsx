import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@tieline/ui';
import {
  Building,
  ChevronDown,
  CircleQuestionMark,
  CircleUser,
  CreditCard,
  KeyRound,
  LifeBuoy,
  LogOut,
  Settings,
  ShieldCheck,
  UserRound,
  Users,
} from 'lucide-react';
import type { ReactNode, Ref, RefObject } from 'react';
import { Link } from 'react-router';
import { isOrganizationAdmin, isSuperAdmin, useCurrentUser } from '../lib/current-user';
import { useSignOut } from '../lib/use-session-actions';

type MenuTriggerProps = { children: ReactNode; label?: string; ref?: Ref<HTMLButtonElement> };

function MenuTrigger({ children, label, ref }: MenuTriggerProps) {
  return (
    <DropdownMenuTrigger
      ref={ref}
      aria-label={label}
      className="inline-flex max-w-64 items-center gap-1.5 rounded-md px-2.5 py-2 text-sm font-medium text-nav-foreground/90 hover:bg-nav-hover hover:text-nav-foreground data-[state=open]:bg-nav-hover [&_svg]:size-4 [&_svg]:shrink-0"
    >
      {children}
      <ChevronDown aria-hidden="true" className="opacity-70" />
    </DropdownMenuTrigger>
  );
}

function LinkItem({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenuItem asChild>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </DropdownMenuItem>
  );
}

/** Right-hand menus of the top bar; each appears only for the people allowed to use it (spec §2, §6). */
type NavMenusProps = { onRequestSupport: () => void; helpTriggerRef: RefObject<HTMLButtonElement | null> };

export function NavMenus({ onRequestSupport, helpTriggerRef }: NavMenusProps) {
  const user = useCurrentUser();
  const signOut = useSignOut();
  const organization = user.organizations[0]?.organization;

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
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}

      {organization && isOrganizationAdmin(user) ? (
        <DropdownMenu>
          <MenuTrigger label={`Organisation: ${organization.name}`}>
            <Building aria-hidden="true" />
            <span className="hidden truncate sm:inline">{organization.name}</span>
          </MenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuLabel>{organization.name}</DropdownMenuLabel>
            <LinkItem to="/organization/settings/manage-users" icon={<Users aria-hidden="true" />}>
              User Management
            </LinkItem>
            <LinkItem to="/organization/settings/manage-organizations" icon={<Settings aria-hidden="true" />}>
              Organization Settings
            </LinkItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}

      <DropdownMenu>
        <MenuTrigger ref={helpTriggerRef} label="Help">
          <CircleQuestionMark aria-hidden="true" />
          <span className="hidden sm:inline">Help</span>
        </MenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={onRequestSupport}>
            <LifeBuoy aria-hidden="true" />
            Request Support
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <DropdownMenu>
        <MenuTrigger label={`Account: ${user.userLogin.name}`}>
          <CircleUser aria-hidden="true" />
          <span className="hidden truncate sm:inline">{user.userLogin.name}</span>
        </MenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel className="font-normal">
            <span className="block truncate font-semibold text-foreground">{user.userLogin.name}</span>
            <span className="block truncate">{user.userLogin.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <LinkItem to="/users/settings/profile" icon={<UserRound aria-hidden="true" />}>
            Profile
          </LinkItem>
          <LinkItem to="/users/settings/billing" icon={<CreditCard aria-hidden="true" />}>
            Billing
          </LinkItem>
          <LinkItem to="/users/settings/api" icon={<KeyRound aria-hidden="true" />}>
            API Access
          </LinkItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
            <LogOut aria-hidden="true" />
            Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
