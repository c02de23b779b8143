import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, SelectField } from '@tieline/ui';
import type { TAdminOrganization } from '@tieline/validation';
import { AdjustCreditsForm } from '../../components/adjust-credits-form';
import { AuditTrail } from '../../components/audit-trail';
import { ModuleSwitches } from '../../components/module-switches';
import { TitledCard } from '../../components/titled-card';
import { PLAN_OPTIONS, planLabel, planOf } from '../../lib/plans';
import { useTRPC } from '../../lib/trpc';

/** One organization: owners, plan, modules, credits and its history in the audit log. */
export function OrganizationDetails({
  id,
  onClose,
  onChanged,
}: {
  id: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const org = useQuery(trpc.admin.organizations.get.queryOptions({ id }));
  const options = {
    onSuccess: (next: TAdminOrganization) => {
      queryClient.setQueryData(trpc.admin.organizations.get.queryKey({ id }), next);
      void queryClient.invalidateQueries({ queryKey: trpc.admin.audit.list.queryKey() });
      onChanged();
    },
  };
  const setPlan = useMutation(trpc.admin.organizations.setPlan.mutationOptions(options));
  const setModules = useMutation(trpc.admin.organizations.setModules.mutationOptions(options));
  const credits = useMutation(trpc.admin.organizations.adjustCredits.mutationOptions(options));

  if (org.isPending) return <p className="text-muted-foreground">Loading the organization…</p>;
  if (org.isError) return <p role="alert">This organization could not be loaded.</p>;
  const o = org.data;

  return (
    <section aria-labelledby="organization-heading" className="flex flex-col gap-4">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1">
            <CardTitle id="organization-heading" className="break-words">
              {o.name}
            </CardTitle>
            <CardDescription>
              {o.members} {o.members === 1 ? 'member' : 'members'} · plan {planLabel(o.networksSubscriptionType)} ·
              owners: {o.owners.length > 0 ? o.owners.map((w) => w.email).join(', ') : 'none'}
            </CardDescription>
          </div>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <div className="flex flex-col gap-4">
            <SelectField
              label="Plan"
              value={planOf(o.networksSubscriptionType) ?? 'free'}
              options={PLAN_OPTIONS}
              onChange={(plan) => setPlan.mutate({ id: o._id, plan })}
            />
            <div className="flex flex-col gap-2">
              <p className="text-sm">
                Respondent credits: <strong data-testid="organization-credits">{o.credits}</strong>
              </p>
              <AdjustCreditsForm
                pending={credits.isPending}
                onSubmit={(values) => credits.mutateAsync({ id: o._id, ...values })}
              />
            </div>
          </div>
          <ModuleSwitches
            modules={o.modules}
            disabled={setModules.isPending}
            onChange={(modules) => setModules.mutate({ id: o._id, modules })}
          />
        </CardContent>
      </Card>
      <TitledCard title="History" className="p-0">
        <AuditTrail target={{ type: 'organization', id: o._id }} caption={`Audit log of ${o.name}`} />
      </TitledCard>
    </section>
  );
}
