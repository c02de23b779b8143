import { useQuery } from '@tanstack/react-query';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  toast,
} from '@tieline/ui';
import type { TUser } from '@tieline/validation';
import { Building, CircleUser, LogOut, UserRound } from 'lucide-react';
import { useCurrentUser } from '../lib/current-user';
import { useTRPC } from '../lib/trpc';
import { useSignOut, useSwitchUser } from '../lib/use-session-actions';
import { SETTINGS_LINKS } from './menu-links';
import { LinkItems, MenuTrigger } from './menu-parts';

/**
 * The user menu (spec §2): who is signed in and as which account (Individual Account or an
 * organization), the switch to the login's other accounts, then Profile, Billing, API Access, Logout.
 */
export function AccountMenu() {
  const user = useCurrentUser();
  const trpc = useTRPC();
  const signOut = useSignOut();
  const switchUser = useSwitchUser();
  // The labels come from the server ('Individual Account' or the organization's name), as at sign-in.
  const accounts = useQuery(trpc.users.accounts.queryOptions(undefined, { staleTime: Number.POSITIVE_INFINITY }));
  const choices = accounts.data ?? [];
  const account = choices.find((c) => c._id === user._id)?.label ?? organizationName(user);
  const name = user.userLogin.name;

  return (
    <DropdownMenu>
      <MenuTrigger label={account ? `Account: ${name}, ${account}` : `Account: ${name}`}>
        <CircleUser aria-hidden="true" />
        <span className="flex min-w-0 flex-col items-start text-left leading-tight">
          <span className="hidden max-w-full truncate sm:block">{name}</span>
          {account ? (
            <span className="max-w-28 truncate text-xs text-nav-foreground/80 sm:max-w-48" title={account}>
              {account}
            </span>
          ) : null}
        </span>
      </MenuTrigger>
      <DropdownMenuContent className="max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate font-semibold text-foreground">{name}</span>
          <span className="block truncate" title={user.userLogin.email}>
            {user.userLogin.email}
          </span>
        </DropdownMenuLabel>
        {choices.length > 1 ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel id="switch-account-label">Switch account</DropdownMenuLabel>
            <DropdownMenuRadioGroup
              aria-labelledby="switch-account-label"
              value={user._id}
              onValueChange={(userId) => {
                const choice = choices.find((c) => c._id === userId);
                if (!choice || userId === user._id) return;
                // Said aloud too (toasts are a live region): the menu closes before the page changes.
                switchUser.mutate({ userId }, { onSuccess: () => toast.success(`Now using ${choice.label}`) });
              }}
            >
              {choices.map((choice) => (
                <DropdownMenuRadioItem key={choice._id} value={choice._id} disabled={switchUser.isPending}>
                  {choice.organization ? <Building aria-hidden="true" /> : <UserRound aria-hidden="true" />}
                  <span className="truncate">{choice.label}</span>
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <LinkItems links={SETTINGS_LINKS} />
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Until users.accounts answers: an organization user's account is its organization's name. */
function organizationName(user: TUser): string | undefined {
  return user.organizations[0]?.organization.name;
}
