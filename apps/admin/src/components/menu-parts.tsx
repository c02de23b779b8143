import { DropdownMenuItem, DropdownMenuTrigger } from '@tieline/ui';
import { ChevronDown, type LucideIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';

type MenuTriggerProps = { children: ReactNode; label?: string; ref?: Ref<HTMLButtonElement> };

/** A top-bar menu button; `label` names it for screen readers when only an icon is visible. */
export function MenuTrigger({ children, label, ref }: MenuTriggerProps) {
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

export type TMenuLink = { to: string; icon: LucideIcon; label: string };

/** A menu's links, each with its icon. */
export function LinkItems({ links }: { links: readonly TMenuLink[] }) {
  return links.map(({ to, icon: Icon, label }) => (
    <LinkItem key={to} to={to} icon={<Icon aria-hidden="true" />}>
      {label}
    </LinkItem>
  ));
}
