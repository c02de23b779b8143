import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { isSuperAdmin, useCurrentUser } from '../lib/current-user';
import { EmptyState } from './page-states';

/** The admin pages' guard in the app (the server refuses the calls to anyone else anyway). */
export function SuperAdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const user = useCurrentUser();
  if (!isSuperAdmin(user)) {
    return (
      <EmptyState title={title} icon={<Lock aria-hidden="true" />}>
        Only Tieline administrators can open this page.
      </EmptyState>
    );
  }
  return <>{children}</>;
}

/** Page heading and intro shared by the super admin pages. */
export function AdminHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="max-w-prose text-muted-foreground">{children}</p>
    </div>
  );
}
