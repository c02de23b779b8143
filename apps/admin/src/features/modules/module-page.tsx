import type { TModuleName } from '@tieline/validation';
import { Blocks, Construction } from 'lucide-react';
import { EmptyState } from '../../components/page-states';
import { useCurrentUser } from '../../lib/current-user';
import { MODULE_INFO } from '../../lib/module-list';
import { useDocumentTitle } from '../../lib/use-document-title';

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
