import { httpUrlProblem, type TSurvey } from '@tieline/validation';
import { useRef, useState } from 'react';
import { RichTextField } from '../../components/rich-text-field';
import { SaveIndicator, useSaveOnLeave } from '../../components/save-indicator';
import { StepHeading } from '../../components/step-heading';
import { PreviewButton, PreviewRoute } from '../../components/survey-preview-dialog';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TYPING_PAUSE_MS, useSurvey, useSurveySave } from '../../lib/use-survey';
import { UrlToggleField } from './url-toggle-field';
import { WebhookPanel } from './webhook-panel';

type TUrlKey = 'redirectTo' | 'webhookOnCompletion';

export function CompletionStep() {
  const { id, query } = useSurvey();
  useDocumentTitle('Completion message');
  return query.data ? <CompletionForm id={id} survey={query.data} /> : null;
}

/**
 * Completion message, redirect and webhook (spec §2). The message saves after a pause in typing; a URL
 * saves on blur once it is a valid http(s) URL; switching a toggle off clears its URL; all saved on leaving.
 */
function CompletionForm({ id, survey }: { id: string; survey: TSurvey }) {
  const { save, state } = useSurveySave(id);
  const [urls, setUrls] = useState({ redirectTo: survey.redirectTo, webhookOnCompletion: survey.webhookOnCompletion });
  const [on, setOn] = useState({
    redirectTo: survey.redirectTo !== '',
    webhookOnCompletion: survey.webhookOnCompletion !== '',
  });
  const [touched, setTouched] = useState({ redirectTo: false, webhookOnCompletion: false });
  const saved = useRef({ thankYouMessage: survey.thankYouMessage, ...urls });
  const message = useRef(survey.thankYouMessage);
  const current = useRef({ urls, on });
  current.current = { urls, on };
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const flush = () => {
    clearTimeout(timer.current);
    const { urls: u, on: o } = current.current;
    const next = {
      thankYouMessage: message.current,
      redirectTo: o.redirectTo ? u.redirectTo.trim() : '',
      webhookOnCompletion: o.webhookOnCompletion ? u.webhookOnCompletion.trim() : '',
    };
    // An invalid URL keeps its saved value; the field shows why.
    for (const key of ['redirectTo', 'webhookOnCompletion'] as const) {
      if (httpUrlProblem(next[key])) next[key] = saved.current[key];
    }
    const changed = Object.fromEntries(
      Object.entries(next).filter(([key, value]) => saved.current[key as keyof typeof next] !== value),
    );
    if (Object.keys(changed).length === 0) return;
    saved.current = next;
    void save(changed);
  };
  useSaveOnLeave(flush);

  const urlField = (key: TUrlKey, toggleLabel: string, urlLabel: string) => (
    <UrlToggleField
      toggleLabel={toggleLabel}
      urlLabel={urlLabel}
      on={on[key]}
      onToggle={(value) => {
        setOn((o) => ({ ...o, [key]: value }));
        current.current = { urls, on: { ...on, [key]: value } };
        if (!value) flush();
      }}
      url={urls[key]}
      onUrlChange={(value) => setUrls((u) => ({ ...u, [key]: value }))}
      onUrlBlur={() => {
        setTouched((t) => ({ ...t, [key]: true }));
        flush();
      }}
      error={touched[key] ? httpUrlProblem(urls[key].trim()) : null}
    />
  );

  return (
    <section className="flex flex-col gap-6" aria-labelledby="step-title">
      <StepHeading title="Completion Message">
        <div className="flex items-center gap-3">
          <SaveIndicator state={state} />
          <PreviewButton to="preview" />
        </div>
      </StepHeading>
      <PreviewRoute
        pattern="/surveys/:id/completion-message/preview"
        target="completion"
        back="/surveys/:id/completion-message"
      />
      <RichTextField
        label="Completion message"
        value={survey.thankYouMessage}
        onChange={(html) => {
          message.current = html;
          clearTimeout(timer.current);
          timer.current = setTimeout(flush, TYPING_PAUSE_MS);
        }}
        onBlur={flush}
        hint="Respondents see this after they submit. {fullName} and {firstName} are replaced with the respondent's name."
      />
      <div className="flex max-w-xl flex-col gap-6">
        {urlField('redirectTo', 'Redirect On Completion', 'Redirect URL')}
        {urlField('webhookOnCompletion', 'Webhook On Completion', 'Webhook URL')}
        {on.webhookOnCompletion ? <WebhookPanel surveyId={id} /> : null}
      </div>
    </section>
  );
}
