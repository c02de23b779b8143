import { firstEnabledModulePath } from '@tieline/validation';
import { Blocks } from 'lucide-react';
import { Navigate } from 'react-router';
import { EmptyState } from '../../components/page-states';
import { useCurrentUser } from '../../lib/current-user';
import { useDocumentTitle } from '../../lib/use-document-title';

/** '/': lands on the first enabled module (spec §2); says so plainly when none is enabled. */
export function DashboardIndex() {
  const user = useCurrentUser();
  const path = firstEnabledModulePath(user.billing.modules);
  useDocumentTitle('Home');
  if (path) return <Navigate to={path} replace />;
  return (
    <EmptyState title="No modules enabled" icon={<Blocks aria-hidden="true" />}>
      No Tieline modules are enabled for your account yet. Your organization administrator can enable them, or use Help
      &gt; Request Support to ask us.
    </EmptyState>
  );
}
