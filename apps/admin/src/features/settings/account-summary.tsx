import type { TUser } from '@tieline/validation';

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

/** The signed-in account as the server reports it (read-only until profile editing exists). */
export function AccountSummary({ user }: { user: TUser }) {
  const login = user.userLogin;
  return (
    <Summary
      rows={[
        ['Name', login.name],
        ['Username', login.username],
        ['Email', login.email],
        ['Email verified', login.verified ? 'Yes' : 'Not yet'],
        ['Two-factor', login.twoFactorAuthEnabled ? 'On' : 'Off'],
      ]}
    />
  );
}
