import { PLAN_KEYS, PLANS, type TPlan, type TUser } from '@tieline/validation';
import { enabledModules } from '../../lib/module-list';

function Summary({ rows }: { rows: [string, string][] }) {
  return (
    // One column on a phone, so a long email address gets the full width before it has to wrap.
    <dl className="mx-auto my-4 grid w-full max-w-md gap-x-4 gap-y-2 rounded-md border border-border bg-background p-4 text-left text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="sm:contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="wrap-anywhere font-medium text-foreground">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const PLAN_NAMES: Record<TPlan, string> = { free: 'Free', basic: 'Basic', professional: 'Professional' };
const PLAN_LABELS: Record<string, string> = Object.fromEntries(PLANS.map((p) => [PLAN_KEYS[p], PLAN_NAMES[p]]));

export function PlanSummary({ user }: { user: TUser }) {
  const type = user.billing.networksSubscriptionType;
  const modules = enabledModules(user.billing.modules).map((m) => m.label);
  return (
    <Summary
      rows={[
        ['Plan', PLAN_LABELS[type] ?? type],
        ['Modules', modules.length > 0 ? modules.join(', ') : 'None enabled'],
      ]}
    />
  );
}
