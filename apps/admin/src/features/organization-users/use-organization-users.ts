import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { useTRPC } from '../../lib/trpc';

export const MANAGE_USERS_PATH = '/organization/settings/manage-users';

/** The signed-in owner's organization and its user list (shared by the page and its route dialogs). */
export function useOrganizationUsers() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const organization = useCurrentUser().organizations[0]?.organization;
  const orgId = organization?._id ?? '';
  const options = trpc.organizations.users.list.queryOptions({ id: orgId });
  const users = useQuery({ ...options, enabled: !!orgId });
  return {
    orgId,
    orgName: organization?.name ?? '',
    users,
    refresh: () => queryClient.invalidateQueries({ queryKey: options.queryKey }),
  };
}

/** Closing a route dialog goes back to the list. */
export function useCloseToUsers() {
  const navigate = useNavigate();
  return () => navigate(MANAGE_USERS_PATH);
}
