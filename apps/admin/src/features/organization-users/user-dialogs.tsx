import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Label,
  Spinner,
  Switch,
  toast,
} from '@tieline/ui';
import { type TOrganizationUser, ZAddOrganizationUserInput, ZEditOrganizationUserInput } from '@tieline/validation';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { DialogActions } from '../../components/dialog-actions';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCloseToUsers, useOrganizationUsers } from './use-organization-users';
import { UserFields } from './user-form';

/** A dialog that is a route over the user list (spec §2 child routes): closing it goes back. */
export function RouteDialog({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const close = useCloseToUsers();
  useDocumentTitle(title);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="max-w-[560px]">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** manage/users/add (?email= fills the address in): a person with a login joins at once; anyone else is invited by email. */
export function AddUserDialog() {
  const trpc = useTRPC();
  const close = useCloseToUsers();
  const { orgId, refresh } = useOrganizationUsers();
  // ?email= fills the address in (a network shared with someone not yet on Tieline offers this).
  const [params] = useSearchParams();
  const form = useForm<z.input<typeof ZAddOrganizationUserInput>>({
    resolver: zodResolver(ZAddOrganizationUserInput),
    defaultValues: { orgId, name: '', email: params.get('email') ?? '', permission: 'Simplified Access-only' },
  });
  const add = useMutation(
    trpc.organizations.users.add.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success('User added');
        close();
      },
    }),
  );
  return (
    <RouteDialog
      title="Add user"
      description="People without a Tieline login get an email invitation. Modules start as your organization's defaults."
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={form.handleSubmit((values) => add.mutate(ZAddOrganizationUserInput.parse(values)))}
      >
        <UserFields
          control={form.control}
          register={form.register}
          errors={form.formState.errors}
          nameLocked={false}
          withEmail
          withModules={false}
        />
        <DialogActions
          onCancel={close}
          submitLabel="Add user"
          busy={add.isPending}
          busyLabel="Adding…"
          error={add.error ? errorMessage(add.error) : null}
        />
      </form>
    </RouteDialog>
  );
}

/** The user of the route's :id from the list, or a loading/missing state. */
function useRouteUser(): { user: TOrganizationUser | null; state: ReactNode } {
  const { id } = useParams();
  const { users } = useOrganizationUsers();
  if (users.isPending) return { user: null, state: <Spinner label="Loading" /> };
  const user = users.data?.find((u) => u._id === id) ?? null;
  return { user, state: user ? null : <p role="alert">This user was not found.</p> };
}

/** manage/users/{id}/edit: permission and modules (and the name of an invitation). */
export function EditUserDialog() {
  const { user, state } = useRouteUser();
  return (
    <RouteDialog title="Edit user" description={user ? `${user.name} (${user.email})` : 'Edit user'}>
      {user ? <EditUserForm user={user} /> : state}
    </RouteDialog>
  );
}

function EditUserForm({ user }: { user: TOrganizationUser }) {
  const trpc = useTRPC();
  const close = useCloseToUsers();
  const { orgId, refresh } = useOrganizationUsers();
  // Which modules the organization has: a member's switch for another one changes nothing yet (docs/modules.md).
  const organization = useQuery(trpc.organizations.get.queryOptions({ id: orgId }));
  const form = useForm<z.input<typeof ZEditOrganizationUserInput>>({
    resolver: zodResolver(ZEditOrganizationUserInput),
    defaultValues: {
      orgId,
      _id: user._id,
      name: user.name,
      permission: user.permission,
      modules: user.modules,
      // Members only: an invitation cannot hold the grant until the person joins.
      personLevelPassive: user.invited ? undefined : user.personLevelPassive,
    },
  });
  const permission = form.watch('permission');
  const byRole = permission === 'Owner' || permission === 'Admin';
  const edit = useMutation(
    trpc.organizations.users.edit.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success('User saved');
        close();
      },
    }),
  );
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) => {
        const input = ZEditOrganizationUserInput.parse(values);
        // A login's name is its person's: only an invitation's name is sent.
        edit.mutate(user.invited ? input : { ...input, name: undefined });
      })}
    >
      <UserFields
        control={form.control}
        register={form.register}
        errors={form.formState.errors}
        nameLocked={!user.invited}
        withEmail={false}
        withModules
        organizationModules={organization.data?.billing.modules}
      />
      {user.invited ? null : (
        <Controller
          control={form.control}
          name="personLevelPassive"
          render={({ field }) => (
            <div className="flex items-start gap-3">
              <Switch
                id="person-level-passive"
                checked={byRole || !!field.value}
                disabled={byRole}
                onCheckedChange={field.onChange}
                aria-describedby="person-level-passive-hint"
              />
              <div className="flex flex-col">
                <Label htmlFor="person-level-passive">Person-level passive data</Label>
                <span id="person-level-passive-hint" className="text-xs text-muted-foreground">
                  {byRole
                    ? 'Owners and Admins always see people in passive data.'
                    : 'People, lists, queries and their networks. Without it, this member sees group reports only. Every change is recorded in the audit log.'}
                </span>
              </div>
            </div>
          )}
        />
      )}
      <DialogActions
        onCancel={close}
        submitLabel="Save"
        busy={edit.isPending}
        busyLabel="Saving…"
        error={edit.error ? errorMessage(edit.error) : null}
      />
    </form>
  );
}

/** manage/users/{id}/delete: confirmed, since the user's surveys and networks go with them. */
export function DeleteUserDialog() {
  const trpc = useTRPC();
  const close = useCloseToUsers();
  const { orgId, refresh } = useOrganizationUsers();
  const { user, state } = useRouteUser();
  const remove = useMutation(
    trpc.organizations.users.delete.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(user?.invited ? 'Invitation withdrawn' : 'User deleted');
        close();
      },
    }),
  );
  const description = user?.invited
    ? `Withdraw the invitation of ${user.name} (${user.email})?`
    : `Delete ${user?.name ?? 'this user'} from the organization? Their surveys and networks are deleted with them: transfer them to another user first to keep them.`;
  return (
    <RouteDialog title={user?.invited ? 'Withdraw invitation' : 'Delete user'} description={description}>
      {user ? (
        <DialogActions
          onCancel={close}
          submitLabel={user.invited ? 'Withdraw' : 'Delete'}
          variant="destructive"
          busy={remove.isPending}
          busyLabel="Deleting…"
          onSubmit={() => remove.mutate({ orgId, userId: user._id })}
          error={remove.error ? errorMessage(remove.error) : null}
        />
      ) : (
        state
      )}
    </RouteDialog>
  );
}
