import { useFavicon } from '@tieline/ui';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { FlowFrame } from './components/flow-frame';
import { Spinner, StatusCard } from './components/status-card';
import { SupportDialog } from './components/support-dialog';
import { TopBar } from './components/top-bar';
import { SurveyFlow } from './flow/survey-flow';
import { type TSource, useSurvey } from './flow/use-survey';
import type { TOrganizationBranding, TStartPage } from './lib/api';
import { TEXT } from './lib/messages';
import { parseRoute } from './lib/route';

const route = parseRoute(window.location.pathname, window.location.search);
const source: TSource =
  route.kind === 'personal' || route.kind === 'test'
    ? { kind: route.kind, id: route.id }
    : route.kind === 'preview'
      ? { kind: 'preview', surveyId: route.surveyId }
      : null;
const StartPage = lazy(() => import('./flow/start-page').then((m) => ({ default: m.StartPage })));
// Support staff's replay is its own chunk: respondents never download it.
const ReplayPage = lazy(() => import('./replay/replay-page').then((m) => ({ default: m.ReplayPage })));

export function App() {
  if (route.kind === 'replay') {
    return (
      <Suspense fallback={<Spinner label="Loading the response…" />}>
        <ReplayPage responseId={route.responseId} />
      </Suspense>
    );
  }
  return <RespondentApp />;
}

function RespondentApp() {
  const { state, retry } = useSurvey(source);
  const [supportOpen, setSupportOpen] = useState(false);
  const [notice, setNotice] = useState('');
  const [startPage, setStartPage] = useState<TStartPage | null>(null);
  const supportButton = useRef<HTMLButtonElement>(null);
  const onStartLoaded = useCallback((page: TStartPage) => setStartPage(page), []);

  const shown: (TOrganizationBranding & { name: string }) | null =
    state.status === 'loaded' ? state.data.survey : startPage;
  const surveyName = shown?.name ?? '';
  useFavicon(shown?.organizationFaviconURL ?? null);
  useEffect(() => {
    // A whitelabelled organization's surveys carry their own name only (spec §1: whitelabel titles).
    const brand = shown?.organizationLogoURL ? '' : ' · Tieline';
    document.title = `${surveyName || 'Survey'}${brand}`;
  }, [surveyName, shown?.organizationLogoURL]);

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
      <TopBar
        title={surveyName || 'Survey'}
        logoURL={shown?.organizationLogoURL ?? null}
        onSupport={() => setSupportOpen(true)}
        supportRef={supportButton}
      />
      {state.status === 'loaded' ? (
        <SurveyFlow
          data={state.data}
          randomUUID={route.kind === 'personal' ? route.id : null}
          testEmailId={route.kind === 'test' ? route.id : null}
          {...(route.kind === 'preview' ? { openAt: route.open } : {})}
        />
      ) : (
        <FlowFrame label={surveyName || 'Survey'}>
          <Content state={state} retry={retry} onStartLoaded={onStartLoaded} />
        </FlowFrame>
      )}
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

type ContentProps = Pick<ReturnType<typeof useSurvey>, 'state' | 'retry'> & {
  onStartLoaded: (page: TStartPage) => void;
};

function Content({ state, retry, onStartLoaded }: ContentProps) {
  if (route.kind === 'start') {
    return (
      <Suspense fallback={<Spinner label="Loading the survey…" />}>
        <StartPage surveyId={route.surveyId} onLoaded={onStartLoaded} />
      </Suspense>
    );
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
        {state.message || TEXT.loadFailedBody}
      </StatusCard>
    );
  }
  return <Spinner label="Loading the survey…" />;
}
