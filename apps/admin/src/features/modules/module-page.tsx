import type { TModuleName } from '@tieline/validation';
import { Blocks, Construction } from 'lucide-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../session/current-user';
import { EmptyState } from '../shell/page-states';
import { MODULE_INFO } from './module-list';

/** Landing page of one module; says plainly that the area is not built yet. */
export function ModulePage({ module }: { module: TModuleName }) {
  const info = MODULE_INFO[module];
  useDocumentTitle(info.label);
  const user = useCurrentUser();

  if (!user.billing.modules[module]?.enabled) {
    return (
      <EmptyState title={info.label} icon={<Blocks aria-hidden="true" />}>
        {info.label} is not enabled for your account. Your organization administrator or Tieline support can turn it on.
      </EmptyState>
    );
  }
  return (
    <EmptyState title={info.label} icon={<Construction aria-hidden="true" />}>
      <p>
        {info.label}: {info.description}
      </p>
      <p className="mt-1">This area is being built.</p>
    </EmptyState>
  );
}
