import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';

/**
 * The respondent credits an upload of this survey's respondent list spends: one per respondent new to
 * the survey, from the owner's organization or individual account (README "Administration").
 */
export function RespondentCredits({ surveyId, withBillingLink }: { surveyId: string; withBillingLink?: boolean }) {
  const trpc = useTRPC();
  const credits = useQuery(trpc.lists.respondentCredits.queryOptions({ surveyId }));
  if (!credits.data) return null;
  const { credits: left, organization } = credits.data;
  return (
    <p className="text-sm text-muted-foreground" data-testid="respondent-credits">
      <strong className="font-semibold text-foreground">{left.toLocaleString('en-US')}</strong> respondent credit
      {left === 1 ? '' : 's'} left{organization ? ` in ${organization.name}` : ''}; each respondent new to this survey
      uses one.
      {withBillingLink ? (
        <>
          {' '}
          <Link to="/users/settings/billing" className="text-primary underline underline-offset-4">
            Billing
          </Link>
        </>
      ) : null}
    </p>
  );
}
