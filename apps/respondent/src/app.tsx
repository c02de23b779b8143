import { useEffect, useRef, useState } from 'react';
import { Spinner, StatusCard } from './components/status-card';
import { SupportDialog } from './components/support-dialog';
import { TopBar } from './components/top-bar';
import { SurveyFlow } from './flow/survey-flow';
import { useSurvey } from './flow/use-survey';
import { TEXT } from './lib/messages';
import { parseRoute } from './lib/route';

const route = parseRoute(window.location.pathname);

export function App() {
  const { state, retry } = useSurvey(route.kind === 'personal' ? route.id : null);
  const [supportOpen, setSupportOpen] = useState(false);
  const [notice, setNotice] = useState('');
  const supportButton = useRef<HTMLButtonElement>(null);

  const surveyName = state.status === 'loaded' ? state.survey.name : '';
  useEffect(() => {
    document.title = surveyName ? `${surveyName} · Tieline` : 'Survey · Tieline';
  }, [surveyName]);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(''), 6000);
    return () => window.clearTimeout(timer);
  }, [notice]);

  function closeSupport() {
    setSupportOpen(false);
    supportButton.current?.focus();
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar title={surveyName || 'Survey'} onSupport={() => setSupportOpen(true)} supportRef={supportButton} />
      <main className="flex-1 px-3 py-4 sm:px-6 sm:py-8">
        <div className="mx-auto w-full max-w-[1400px] rounded-lg border border-border bg-card p-5 shadow-md sm:p-10">
          <Content state={state} retry={retry} />
        </div>
      </main>
      <SupportDialog
        open={supportOpen}
        onClose={closeSupport}
        onSent={() => {
          closeSupport();
          setNotice(TEXT.supportSent);
        }}
      />
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-3 z-10 flex justify-center px-3">
        {notice ? (
          <p className="pointer-events-auto rounded-md border border-success/30 bg-success-soft px-4 py-2.5 text-sm font-medium text-success shadow-lg">
            {notice}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function Content({ state, retry }: Pick<ReturnType<typeof useSurvey>, 'state' | 'retry'>) {
  if (route.kind === 'test')
    return <StatusCard title={TEXT.testUnavailableTitle}>{TEXT.testUnavailableBody}</StatusCard>;
  if (route.kind === 'start') {
    return <StatusCard title={TEXT.startUnavailableTitle}>{TEXT.startUnavailableBody}</StatusCard>;
  }
  if (route.kind === 'invalid' || state.status === 'invalid') {
    return (
      <StatusCard title={TEXT.linkInvalidTitle} tone="warning">
        {TEXT.linkInvalidBody}
      </StatusCard>
    );
  }
  if (state.status === 'failed') {
    return (
      <StatusCard
        title={TEXT.loadFailedTitle}
        tone="warning"
        action={
          <button type="button" onClick={retry} className="btn btn-primary">
            Try again
          </button>
        }
      >
        {TEXT.loadFailedBody}
      </StatusCard>
    );
  }
  if (state.status === 'loaded') return <SurveyFlow survey={state.survey} />;
  return <Spinner label="Loading the survey…" />;
}
