import { mergeRespondentTokens } from '@tieline/validation';
import { StepHeading } from '../components/step';
import type { TRespondentSurvey } from '../lib/api';

/** The completion page: the owner's thank-you message with the respondent's name filled in. */
export function CompletionPage({ survey }: { survey: TRespondentSurvey }) {
  const html = mergeRespondentTokens(survey.thankYouMessage, survey.respondent);
  return (
    <article aria-labelledby="completion-title" className="flex flex-col items-center gap-5 py-6 text-center">
      <div
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-success-soft text-2xl text-success"
      >
        ✓
      </div>
      <StepHeading id="completion-title">Thank you</StepHeading>
      {html.trim() ? (
        <div
          className="rich-text max-w-3xl text-base"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: completion messages are sanitized with an allowlist on the server; the merged names are escaped.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <p className="text-muted-foreground">Your response has been submitted.</p>
      )}
    </article>
  );
}
