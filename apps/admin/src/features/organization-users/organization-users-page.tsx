import { actionsColumn, Badge, Button, Card, CardContent, DataTable, type DataTableColumn, Input } from '@tieline/ui';
import { MODULE_LABELS, MODULES, type TOrganizationUser } from '@tieline/validation';
import { Download, Lock, Plus, Search, Upload, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { queryStates } from '../../components/list-states';
import { EmptyState } from '../../components/page-states';
import { isOrganizationOwner, useCurrentUser } from '../../lib/current-user';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TransferDialog } from './transfer-dialog';
import { UploadUsersDialog } from './upload-users-dialog';
import { MANAGE_USERS_PATH, useOrganizationUsers } from './use-organization-users';

const USER_COLUMNS: DataTableColumn<TOrganizationUser>[] = [
  {
    id: 'name',
    header: 'Name',
    className: 'max-w-56 break-words',
    cell: (u) => (
      <>
        {u.name} {u.invited ? <Badge variant="muted">Invited</Badge> : null}
      </>
    ),
  },
  { id: 'email', header: 'Email', className: 'max-w-64 break-words', cell: (u) => u.email },
  { id: 'permission', header: 'Permission', className: 'whitespace-nowrap', cell: (u) => u.permission },
  {
    id: 'modules',
    header: 'Modules',
    className: 'text-muted-foreground',
    cell: (u) =>
      MODULES.filter((m) => u.modules[m].enabled)
        .map((m) => MODULE_LABELS[m])
        .join(', ') || 'None',
  },
  actionsColumn(
    (u) => (
      <>
        <Button variant="outline" size="sm" asChild>
          <Link to={`${MANAGE_USERS_PATH}/manage/users/${u._id}/edit`} aria-label={`Edit ${u.name}`}>
            Edit
          </Link>
        </Button>{' '}
        <Button variant="outline" size="sm" asChild>
          <Link to={`${MANAGE_USERS_PATH}/manage/users/${u._id}/delete`} aria-label={`Delete ${u.name}`}>
            Delete
          </Link>
        </Button>
      </>
    ),
    'whitespace-nowrap',
  ),
];

/** organization/settings/manage-users: the owner's list of the organization's users (spec §2, §6). */
export function OrganizationUsersPage() {
  useDocumentTitle('User Management');
  if (!isOrganizationOwner(useCurrentUser())) {
    return (
      <EmptyState title="User Management" icon={<Lock aria-hidden="true" />}>
        Only the owner of the organization can open this page.
      </EmptyState>
    );
  }
  return <OwnerView />;
}

function OwnerView() {
  const { orgId, orgName, users, refresh } = useOrganizationUsers();
  const [query, setQuery] = useState('');
  const [uploading, setUploading] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const q = query.trim().toLowerCase();
  const rows = (users.data ?? []).filter(
    (u) =>
      !q ||
      u.name.toLowerCase().includes(q) ||
      u.email.toLowerCase().includes(q) ||
      u.permission.toLowerCase().includes(q),
  );

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">User Management</h1>
          <p className="max-w-prose text-muted-foreground">The people of {orgName}, their permissions and modules.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={`${MANAGE_USERS_PATH}/manage/users/add`}>
              <Plus aria-hidden="true" /> Add user
            </Link>
          </Button>
          <Button variant="outline" onClick={() => setUploading(true)}>
            <Upload aria-hidden="true" /> Upload users
          </Button>
          <Button variant="outline" asChild>
            <a href={`/api/base/organizations/users/download/${encodeURIComponent(orgId)}`} download>
              <Download aria-hidden="true" /> Download list
            </a>
          </Button>
          <Button variant="outline" onClick={() => setTransferring(true)} disabled={!users.data}>
            <UsersRound aria-hidden="true" /> Transfer content
          </Button>
          <Button variant="outline" asChild>
            <Link to={`${MANAGE_USERS_PATH}/request-credits`}>Request credits</Link>
          </Button>
        </div>
      </div>
      <div className="relative max-w-sm">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search users"
          placeholder="Search by name, email or permission"
          className="pl-9"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <Card>
        <CardContent className="p-0">
          <DataTable
            caption={`Users of ${orgName}`}
            columns={USER_COLUMNS}
            data={rows}
            getRowId={(u) => u._id}
            {...queryStates(users, 'the users')}
            empty="No users match your search."
          />
        </CardContent>
      </Card>
      {uploading ? (
        <UploadUsersDialog orgId={orgId} onClose={() => setUploading(false)} onDone={() => void refresh()} />
      ) : null}
      {transferring && users.data ? (
        <TransferDialog orgId={orgId} users={users.data} onClose={() => setTransferring(false)} />
      ) : null}
      <Outlet />
    </div>
  );
}
