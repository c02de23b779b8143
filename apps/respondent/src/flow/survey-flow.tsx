import { RESPONDENT_MSG } from '@tieline/validation';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { FlowFrame } from '../components/flow-frame';
import { Spinner, StatusCard } from '../components/status-card';
import { TEXT } from '../lib/messages';
import type { TOpenAt } from '../lib/route';
import { CompletionPage } from './completion-page';
import { useQueueState, useSaveQueue } from './use-save-queue';
import type { TLoaded } from './use-survey';
import { WelcomePage } from './welcome-page';

// The questions (every type, search, piping) load after the welcome page has shown.
const loadQuestions = () => import('./questions-step');
const QuestionsStep = lazy(() => loadQuestions().then((m) => ({ default: m.QuestionsStep })));

type Step = { kind: 'welcome' } | { kind: 'page'; page: number } | { kind: 'completion' };

type SurveyFlowProps = {
  data: TLoaded;
  /** The personal link; null in preview and through a test link (nothing is saved). */
  randomUUID: string | null;
  /** A test email's link: the whole flow, answers checked but never saved, a banner saying so. */
  testEmailId?: string | null;
  openAt?: TOpenAt;
};

/** Where the flow opens: preview where asked; a link on the page it was last on (null: never started). */
function firstStep(openAt: TOpenAt | undefined, resume: number | null): Step {
  if (openAt?.step === 'page') return { kind: 'page', page: openAt.page };
  if (openAt?.step === 'completion') return { kind: 'completion' };
  return resume === null ? { kind: 'welcome' } : { kind: 'page', page: resume };
}

/** Welcome page -> question pages -> completion page (spec §4 respondent flow). */
export function SurveyFlow({ data, randomUUID, testEmailId = null, openAt }: SurveyFlowProps) {
  const { survey } = data;
  const preview = randomUUID === null;
  const test = testEmailId !== null;
  const queue = useSaveQueue(data, randomUUID);
  const state = useQueueState(queue);
  const submittedBefore = Boolean(data.response?.submitted) || data.response?.status === 'Submitted';
  // Null until the respondent moves: the queue knows where a reopened link resumes once it has opened.
  const [moved, setStep] = useState<Step | null>(null);
  const names = useRef(initialNames(data));
  const addedNames = useRef(new Map(Object.entries(data.response?.addedNames ?? {})));
  const wasSubmitted = useRef(submittedBefore);
  // After Submit the completion page shows, also while the submission waits to be sent.
  const step: Step =
    state.submitted || state.submitQueued || submittedBefore
      ? { kind: 'completion' }
      : (moved ?? firstStep(openAt, queue?.resumePage ?? null));
  const onPage = step.kind === 'page' ? step.page : null;

  useEffect(() => {
    if (onPage !== null) queue?.visit(onPage);
  }, [queue, onPage]);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
    idle(() => void loadQuestions());
  }, []);

  useEffect(() => {
    if (!state.submitted) return;
    // Redirect only right after this visit's submission, not when a submitted link is reopened.
    const justSubmitted = !wasSubmitted.current;
    wasSubmitted.current = true;
    if (justSubmitted && /^https?:\/\//i.test(survey.redirectTo)) {
      const timer = window.setTimeout(() => window.location.assign(survey.redirectTo), 1500);
      return () => window.clearTimeout(timer);
    }
  }, [state.submitted, survey.redirectTo]);

  const close = useCallback(() => {
    if (preview && !test) window.parent.postMessage({ type: 'tieline:preview-close' }, window.location.origin);
    else setStep({ kind: 'welcome' });
  }, [preview, test]);

  if (!preview && survey.status === 'Completed' && !state.submitted && !submittedBefore) {
    return (
      <Frame data={data}>
        <StatusCard title={TEXT.closedTitle} tone="warning">
          {RESPONDENT_MSG.surveyClosed}
        </StatusCard>
      </Frame>
    );
  }
  if (!preview && survey.status === 'Offline') {
    return (
      <Frame data={data}>
        <StatusCard title={TEXT.offlineTitle} tone="warning">
          {RESPONDENT_MSG.surveyOffline}
        </StatusCard>
      </Frame>
    );
  }
  if (!queue) {
    return (
      <Frame data={data}>
        <Spinner label="Loading the survey…" />
      </Frame>
    );
  }

  // Spec §2: the flow closes by its button, Escape or a click outside the card. The owner's preview goes
  // back to the builder; a respondent's page goes back to the welcome page (answers stay saved), and the
  // button says so (issue 25: it named no destination).
  const closable = (preview && !test) || step.kind === 'page';
  return (
    <Frame
      data={data}
      onClose={closable ? close : undefined}
      closeLabel={preview && !test ? 'Close the preview' : 'Close and return to the welcome page'}
    >
      {test ? (
        <p
          role="note"
          className="mr-9 mb-4 rounded-md border border-border bg-accent px-3 py-2 text-sm font-medium text-accent-foreground"
        >
          {TEXT.testBanner}
        </p>
      ) : null}
      {state.offline ? (
        <p
          role="status"
          className="mr-9 mb-4 rounded-md border border-warning-border bg-warning-soft px-3 py-2 text-sm font-medium text-warning"
        >
          {TEXT.offline}
        </p>
      ) : null}
      {step.kind === 'welcome' ? (
        <WelcomePage
          survey={survey}
          onContinue={() => {
            setStep({ kind: 'page', page: 0 });
            void queue.flush({ force: true, page: 0 });
          }}
        />
      ) : step.kind === 'completion' ? (
        <CompletionPage
          survey={survey}
          waiting={state.submitQueued && !state.submitted ? (state.offline ? 'offline' : 'sending') : null}
          onChangeAnswers={state.canWithdraw ? () => queue.withdraw() : undefined}
          lateChanges={state.lateChanges}
        />
      ) : (
        <Suspense fallback={<Spinner label="Loading the questions…" />}>
          <QuestionsStep
            survey={survey}
            lists={data.lists}
            names={names.current}
            addedNames={addedNames.current}
            queue={queue}
            page={step.page}
            randomUUID={randomUUID}
            testEmailId={testEmailId}
            onPage={(page) => setStep(page < 0 ? { kind: 'welcome' } : { kind: 'page', page })}
            onSubmitted={() => {
              if (preview) setStep({ kind: 'completion' });
            }}
          />
        </Suspense>
      )}
    </Frame>
  );
}

function Frame({
  data,
  onClose,
  closeLabel,
  children,
}: {
  data: TLoaded;
  onClose?: () => void;
  closeLabel?: string;
  children: React.ReactNode;
}) {
  return (
    <FlowFrame label={data.survey.name} imageURL={data.survey.imageURL} onClose={onClose} closeLabel={closeLabel}>
      {children}
    </FlowFrame>
  );
}

/** Names of the people answers can select: the loaded lists, and those the saved answers select. */
function initialNames({ lists, response }: TLoaded): Map<string, string> {
  const names = new Map<string, string>();
  for (const list of lists) for (const node of list.nodes) names.set(node._id, node.name);
  for (const [id, name] of Object.entries(response?.names ?? {})) names.set(id, name);
  return names;
}
