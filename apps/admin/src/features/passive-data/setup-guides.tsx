import { OFFICE365_PERMISSIONS, SLACK_SCOPES } from '@tieline/validation';
import { BookOpen } from 'lucide-react';

// What a connect modal says about the app to create: the scopes or permissions it needs, and a link to
// the whole setup guide (docs/slack-app.md, docs/microsoft-365-app.md served at /help/...).

const GUIDES = {
  slack: {
    path: '/help/slack-app',
    title: 'Slack app setup guide',
    what: 'The Slack app needs these bot token scopes (usergroups:read only to restrict by user groups):',
    grants: SLACK_SCOPES,
  },
  microsoft365: {
    path: '/help/microsoft-365-app',
    title: 'Microsoft 365 app setup guide',
    what: 'Register an app in the Microsoft Entra admin center, add a client secret, and grant it these Microsoft Graph application permissions with admin consent:',
    grants: OFFICE365_PERMISSIONS,
  },
} as const;

/** The scopes or permissions of the app to create, and its setup guide (opened beside the modal). */
export function SetupGuide({ guide }: { guide: keyof typeof GUIDES }) {
  const g = GUIDES[guide];
  return (
    <section aria-label={g.title} className="flex flex-col gap-2 rounded-md border px-3 py-2 text-sm">
      <p className="text-muted-foreground">{g.what}</p>
      <ul aria-label={guide === 'slack' ? 'Scopes' : 'Permissions'} className="flex flex-wrap gap-x-3 gap-y-1">
        {g.grants.map((p) => (
          <li key={p}>
            <code className="text-xs">{p}</code>
          </li>
        ))}
      </ul>
      <a
        href={g.path}
        target="_blank"
        rel="noopener"
        className="inline-flex items-center gap-1.5 self-start font-medium text-primary underline underline-offset-4"
      >
        <BookOpen aria-hidden="true" className="size-4" />
        {g.title}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </section>
  );
}
