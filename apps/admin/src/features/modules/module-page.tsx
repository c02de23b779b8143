import type { TModuleName } from '@tieline/validation';
import { Construction } from 'lucide-react';
import { EmptyState } from '../../components/page-states';
import { ModuleOff } from '../../components/require-module';
import { useCurrentUser } from '../../lib/current-user';
import { MODULE_INFO } from '../../lib/module-list';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Landing page of one module; says plainly that the area is not built yet. */
export function ModulePage({ module }: { module: TModuleName }) {
  const info = MODULE_INFO[module];
  useDocumentTitle(info.label);
  const user = useCurrentUser();

  if (!user.billing.modules[module]?.enabled) return <ModuleOff module={module} />;
  return (
    <EmptyState title={info.label} icon={<Construction aria-hidden="true" />}>
      <p>
        {info.label}: {info.description}
      </p>
      <p className="mt-1">This area is being built.</p>
    </EmptyState>
  );
}
