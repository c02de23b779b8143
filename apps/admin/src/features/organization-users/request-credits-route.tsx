import { RequestCreditsDialog } from '../../components/request-credits-dialog';
import { useCurrentUser } from '../../lib/current-user';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCloseToUsers } from './use-organization-users';

/** organization/settings/manage-users/request-credits (spec §2): the billing dialog over the user list. */
export function RequestCreditsRoute() {
  const close = useCloseToUsers();
  const organization = useCurrentUser().organizations[0]?.organization;
  useDocumentTitle('Request credits');
  if (!organization) return null;
  return <RequestCreditsDialog organization={organization} onClose={close} />;
}
