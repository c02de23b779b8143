import { useEffect, useRef } from 'react';
import { RichTextField } from '../../components/rich-text-field';
import { SaveIndicator, useSaveOnLeave } from '../../components/save-indicator';
import { StepHeading } from '../../components/step-heading';
import { PreviewButton, PreviewRoute } from '../../components/survey-preview-dialog';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TYPING_PAUSE_MS, useSurvey, useSurveySave } from '../../lib/use-survey';

/** Welcome message (spec §2): saved after a pause in typing, on leaving the editor and on leaving the page. */
export function WelcomeStep() {
  const { id, query } = useSurvey();
  const { save, state } = useSurveySave(id);
  useDocumentTitle('Welcome message');
  const draft = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const flush = () => {
    clearTimeout(timer.current);
    if (draft.current === null) return;
    const welcomeMessage = draft.current;
    draft.current = null;
    void save({ welcomeMessage });
  };
  useSaveOnLeave(flush);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!query.data) return null;
  const initial = query.data.welcomeMessage;
  return (
    <section className="flex flex-col gap-6" aria-labelledby="step-title">
      <StepHeading title="Welcome Message">
        <div className="flex items-center gap-3">
          <SaveIndicator state={state} />
          <PreviewButton to="survey-preview" />
        </div>
      </StepHeading>
      <PreviewRoute
        pattern="/surveys/:id/welcome-message/survey-preview"
        target="welcome"
        back="/surveys/:id/welcome-message"
      />
      <RichTextField
        label="Welcome message"
        value={initial}
        onChange={(html) => {
          draft.current = html === initial ? null : html;
          clearTimeout(timer.current);
          timer.current = setTimeout(flush, TYPING_PAUSE_MS);
        }}
        onBlur={flush}
        hint="Respondents see this first. {firstName} and {fullName} are replaced with the respondent's name."
      />
    </section>
  );
}
