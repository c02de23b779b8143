import { mergeRespondentTokens } from '@tieline/validation';
import { StepActions, StepHeading } from '../components/step';
import type { TRespondentSurvey } from '../lib/api';

/** Welcome page: survey name, the owner's welcome message with the respondent's name filled in, Continue. */
export function WelcomePage({ survey, onContinue }: { survey: TRespondentSurvey; onContinue: () => void }) {
  const html = mergeRespondentTokens(survey.welcomeMessage, survey.respondent);

  return (
    <article aria-labelledby="survey-title" className="flex flex-col gap-6">
      <StepHeading id="survey-title" className="sm:text-3xl">
        {survey.name}
      </StepHeading>
      {html.trim() ? (
        <div
          className="rich-text max-w-3xl text-base"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: welcome messages are sanitized with an allowlist on the server; the merged names are escaped.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : null}
      <StepActions align="end">
        <button type="button" onClick={onContinue} className="btn btn-primary">
          Continue
        </button>
      </StepActions>
    </article>
  );
}
