import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  SelectField,
  toast,
} from '@tieline/ui';
import { ROLES, type TAdminLogin, type TAdminUserSeat } from '@tieline/validation';
import { AdjustCreditsForm } from '../../components/adjust-credits-form';
import { AuditTrail } from '../../components/audit-trail';
import { ModuleSwitches } from '../../components/module-switches';
import { TitledCard } from '../../components/titled-card';
import { useCurrentUser } from '../../lib/current-user';
import { PLAN_OPTIONS, planLabel, planOf } from '../../lib/plans';
import { useTRPC } from '../../lib/trpc';

/** One login in full: its status, each of its users (seats) with plan, modules, role, and its history. */
export function LoginDetails({ id, onClose, onChanged }: { id: string; onClose: () => void; onChanged: () => void }) {
  const trpc = useTRPC();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const login = useQuery(trpc.admin.users.get.queryOptions({ id }));
  const changed = (next: TAdminLogin) => {
    queryClient.setQueryData(trpc.admin.users.get.queryKey({ id }), next);
    void queryClient.invalidateQueries({ queryKey: trpc.admin.audit.list.queryKey() });
    onChanged();
    return next;
  };
  const setDisabled = useMutation(trpc.admin.users.setDisabled.mutationOptions({ onSuccess: changed }));

  if (login.isPending) return <p className="text-muted-foreground">Loading the login…</p>;
  if (login.isError) return <p role="alert">This login could not be loaded.</p>;
  const l = login.data;
  const isMe = l._id === me.userLogin._id;

  return (
    <section aria-labelledby="login-heading" className="flex flex-col gap-4">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1">
            <CardTitle id="login-heading" className="break-all">
              {l.email}
            </CardTitle>
            <CardDescription>
              {l.name} · {l.username} · {l.verified ? 'email verified' : 'email not verified'} · two-factor{' '}
              {l.twoFactorAuthEnabled ? 'on' : 'off'}
            </CardDescription>
            <div className="flex gap-1">
              {l.disabled ? <Badge variant="outline">Disabled</Badge> : <Badge variant="muted">Active</Badge>}
              {l.superAdmin ? <Badge>Super admin</Badge> : null}
            </div>
          </div>
          <div className="flex gap-2">
            <Button
              variant={l.disabled ? 'default' : 'destructive'}
              disabled={isMe || setDisabled.isPending}
              title={isMe ? 'You cannot disable your own login' : undefined}
              onClick={() => setDisabled.mutate({ id: l._id, disabled: !l.disabled })}
            >
              {l.disabled ? 'Enable login' : 'Disable login'}
            </Button>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
          </div>
        </CardHeader>
      </Card>
      {l.users.map((seat) => (
        <SeatCard key={seat._id} seat={seat} onChanged={changed} />
      ))}
      <TitledCard title="Login history" className="p-0">
        <AuditTrail target={{ type: 'login', id: l._id }} caption={`Audit log of ${l.email}`} />
      </TitledCard>
    </section>
  );
}

function SeatCard({ seat, onChanged }: { seat: TAdminUserSeat; onChanged: (next: TAdminLogin) => TAdminLogin }) {
  const trpc = useTRPC();
  const options = { onSuccess: onChanged };
  const setPlan = useMutation(trpc.admin.users.setPlan.mutationOptions(options));
  const setModules = useMutation(trpc.admin.users.setModules.mutationOptions(options));
  const setRole = useMutation(trpc.admin.users.setRole.mutationOptions(options));
  const queryClient = useQueryClient();
  const credits = useMutation(
    trpc.admin.users.adjustCredits.mutationOptions({
      onSuccess: ({ credits }) => {
        toast.success(`Credits saved: ${credits} left`);
        void queryClient.invalidateQueries({ queryKey: trpc.admin.users.get.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.audit.list.queryKey() });
      },
    }),
  );
  const where = seat.organization ? seat.organization.name : 'Individual Account';
  const plan = planOf(seat.networksSubscriptionType);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{where}</CardTitle>
        <CardDescription>
          {seat.permission ?? 'No organization'} · plan {planLabel(seat.networksSubscriptionType)}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <div className="flex flex-col gap-4">
          <SelectField
            label={`Plan (${where})`}
            value={plan ?? 'free'}
            options={PLAN_OPTIONS}
            onChange={(next) => setPlan.mutate({ id: seat._id, plan: next })}
          />
          <SelectField
            label={`Role (${where})`}
            value={seat.role}
            options={ROLES.map((r) => ({ value: r, label: r === 'Admin' ? 'Super admin' : 'User' }))}
            onChange={(role) => setRole.mutate({ userId: seat._id, role })}
          />
          {seat.organization ? (
            <p className="text-sm text-muted-foreground">
              Credits of {seat.organization.name} are managed under Organization Management.
            </p>
          ) : (
            <div className="flex flex-col gap-2">
              <p className="text-sm">
                Respondent credits: <strong>{seat.credits ?? 0}</strong>
              </p>
              <AdjustCreditsForm
                pending={credits.isPending}
                onSubmit={(values) => credits.mutateAsync({ id: seat._id, ...values })}
              />
            </div>
          )}
        </div>
        <ModuleSwitches
          modules={seat.modules}
          disabled={setModules.isPending}
          onChange={(modules) => setModules.mutate({ id: seat._id, modules })}
        />
        <div className="md:col-span-2">
          <h3 className="mb-1 text-sm font-medium">History</h3>
          <AuditTrail target={{ type: 'user', id: seat._id }} caption={`Audit log of ${where}`} />
        </div>
      </CardContent>
    </Card>
  );
}
