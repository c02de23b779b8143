import {
  BookOpen,
  Building,
  CreditCard,
  History,
  ImageIcon,
  Inbox,
  KeyRound,
  Settings,
  UserRound,
  Users,
} from 'lucide-react';
import type { TMenuLink } from './menu-parts';

// The top bar's menus of links: the super admin's, an organization's (the owner also gets Logos), the user's.

export const ADMIN_LINKS: TMenuLink[] = [
  { to: '/admin/management/user', icon: Users, label: 'User Management' },
  { to: '/admin/management/organization', icon: Building, label: 'Organization Management' },
  { to: '/admin/management/audit', icon: History, label: 'Audit Log' },
  { to: '/admin/management/support', icon: Inbox, label: 'Support Requests' },
];
export const ORGANIZATION_LINKS: TMenuLink[] = [
  { to: '/organization/settings/manage-users', icon: Users, label: 'User Management' },
  { to: '/organization/settings/manage-organizations', icon: Settings, label: 'Organization Settings' },
];
export const LOGOS_LINK: TMenuLink = { to: '/organization/settings/logos', icon: ImageIcon, label: 'Logos' };
export const SETTINGS_LINKS: TMenuLink[] = [
  { to: '/users/settings/profile', icon: UserRound, label: 'Profile' },
  { to: '/users/settings/billing', icon: CreditCard, label: 'Billing' },
  { to: '/users/settings/api', icon: KeyRound, label: 'API Access' },
];
/** Help's setup guides (docs/slack-app.md, docs/microsoft-365-app.md served by the app), for passive data. */
export const GUIDE_LINKS: TMenuLink[] = [
  { to: '/help/slack-app', icon: BookOpen, label: 'Slack app setup guide' },
  { to: '/help/microsoft-365-app', icon: BookOpen, label: 'Microsoft 365 app setup guide' },
];
