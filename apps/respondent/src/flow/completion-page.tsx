import { mergeRespondentTokens } from '@tieline/validation';
import { StepHeading } from '../components/step';
import type { TRespondentSurvey } from '../lib/api';
import { TEXT } from '../lib/messages';

type CompletionPageProps = {
  survey: TRespondentSurvey;
  /** The submission is still on its way: being sent, or waiting on this device for the network. */
  waiting?: 'sending' | 'offline' | null;
  /** Takes back a submission that has not left this device, to change an answer. */
  onChangeAnswers?: (() => void) | undefined;
  /** Changes made here arrived after the response was submitted on another device. */
  lateChanges?: boolean;
};

/** The completion page: the owner's thank-you message with the respondent's name filled in. */
export function CompletionPage({ survey, waiting = null, onChangeAnswers, lateChanges = false }: CompletionPageProps) {
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
      ) : waiting ? null : (
        <p className="text-muted-foreground">Your response has been submitted.</p>
      )}
      <div role="status" className="flex max-w-prose flex-col items-center gap-3 empty:hidden">
        {waiting ? (
          <p className="rounded-md border border-warning-border bg-warning-soft px-3 py-2 text-sm font-medium text-warning">
            {waiting === 'offline' ? TEXT.submitQueued : TEXT.submitSending}
          </p>
        ) : null}
        {lateChanges ? (
          <p className="rounded-md border border-warning-border bg-warning-soft px-3 py-2 text-sm font-medium text-warning">
            {TEXT.lateChanges}
          </p>
        ) : null}
      </div>
      {onChangeAnswers ? (
        <button type="button" className="btn btn-outline" onClick={onChangeAnswers}>
          {TEXT.changeAnswers}
        </button>
      ) : null}
    </article>
  );
}
