import { Card, CardContent } from '@tieline/ui';
import type { TResponseCounts } from '@tieline/validation';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { viewQuery } from './use-dashboard-view';

/** Spec §9: the response rate as a rounded whole percent (0 before anyone is on the list). */
export const responseRate = (c: Pick<TResponseCounts, 'Total' | 'Submitted'>) =>
  c.Total === 0 ? 0 : Math.round((c.Submitted / c.Total) * 100);

/** The four info boxes of the dashboard (spec §2), each with its link. */
export function InfoBoxes({ surveyId, counts }: { surveyId: string; counts: TResponseCounts | undefined }) {
  const c = counts ?? { Total: 0, Submitted: 0, Bounced: 0 };
  const base = `/surveys/${surveyId}`;
  return (
    <ul aria-label="Response summary" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      <InfoBox label="Respondents" value={counts ? String(c.Total) : '–'}>
        <Link to={`${base}/lists`}>Go to Lists</Link>
      </InfoBox>
      <InfoBox label="Responses Received" value={counts ? String(c.Submitted) : '–'}>
        <Link to={`${base}/responses${viewQuery({ status: 'Submitted' })}`}>View submitted</Link>
      </InfoBox>
      <InfoBox label="Response Rate" value={counts ? `${responseRate(c)}%` : '–'}>
        <Link to={`${base}/emails`}>Send Emails</Link>
      </InfoBox>
      <InfoBox label="Bounced Addresses" value={counts ? String(c.Bounced) : '–'}>
        <Link to={`${base}/responses${viewQuery({ status: 'Bounced' })}`}>Edit Addresses</Link>
      </InfoBox>
    </ul>
  );
}

function InfoBox({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  return (
    <li>
      <Card className="h-full">
        <CardContent className="flex flex-col gap-1 p-3 sm:p-4">
          <span className="text-sm text-muted-foreground">{label}</span>
          <span className="text-3xl font-semibold tabular-nums" data-testid={`info-${label}`}>
            {value}
          </span>
          <span className="text-sm font-medium text-primary underline-offset-4 hover:underline [&_a]:underline-offset-4">
            {children}
          </span>
        </CardContent>
      </Card>
    </li>
  );
}
