import { MODULE_LABELS, moduleOffMessage, type TModuleName } from '@tieline/validation';
import { Blocks } from 'lucide-react';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../lib/current-user';
import { useDocumentTitle } from '../lib/use-document-title';
import { EmptyState } from './page-states';

/** What a page of a module shows a user without it (the server refuses its calls with the same words). */
export function ModuleOff({ module }: { module: TModuleName }) {
  useDocumentTitle(MODULE_LABELS[module]);
  return (
    <EmptyState title={MODULE_LABELS[module]} icon={<Blocks aria-hidden="true" />}>
      {moduleOffMessage(module)}
    </EmptyState>
  );
}

/** The pages of a module (a layout route): shown to users who have it, else what ModuleOff says. */
export function RequireModule({ module }: { module: TModuleName }) {
  const user = useCurrentUser();
  return user.billing.modules[module]?.enabled ? <Outlet /> : <ModuleOff module={module} />;
}
