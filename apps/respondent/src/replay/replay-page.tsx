import { ProductIcon } from '@tieline/ui';
import { formatDateTime, questionNumbers, questionsByPage } from '@tieline/validation';
import { useEffect, useMemo, useState } from 'react';
import { Spinner, StatusCard } from '../components/status-card';
import { StepHeading } from '../components/step';
import { ApiError, fetchResponseHistory, type TResponseHistory } from '../lib/api';
import { TEXT } from '../lib/messages';
import { ReplayQuestions } from './replay-questions';
import { changeSummary, pagesLabel, replaySteps } from './replay-steps';

type LoadState =
  | { status: 'loading' }
  | { status: 'loaded'; history: TResponseHistory }
  | { status: 'signedOut' | 'notFound' }
  | { status: 'failed' };

/**
 * Support staff replay a response (GET responses/history/{responseId}, the owner's session): the pages
 * the respondent saw, with the answers of each accepted save, through the respondent app's own question
 * components, read-only.
 */
export function ReplayPage({ responseId }: { responseId: string }) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchResponseHistory(responseId, controller.signal).then(
      (history) => setState({ status: 'loaded', history }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status = error instanceof ApiError ? error.status : 0;
        setState({ status: status === 401 ? 'signedOut' : status === 400 || status === 404 ? 'notFound' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [responseId, attempt]);

  const name = state.status === 'loaded' ? state.history.response.name : '';
  useEffect(() => {
    document.title = name ? `Replay: ${name} · Tieline` : 'Replay · Tieline';
  }, [name]);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-[1400px] items-center gap-3 px-4 py-3 sm:px-6">
          <ProductIcon className="size-7" />
          <p className="min-w-0 flex-1 truncate font-semibold">
            {state.status === 'loaded' ? `${state.history.survey.name}: replay` : 'Response replay'}
          </p>
        </div>
      </header>
      <main className="mx-auto w-full max-w-[1400px] flex-1 px-2 py-3 sm:px-6 sm:py-8">
        {state.status === 'loaded' ? (
          <Replay history={state.history} />
        ) : state.status === 'loading' ? (
          <Spinner label="Loading the response…" />
        ) : state.status === 'signedOut' ? (
          <StatusCard
            title={TEXT.replaySignInTitle}
            action={
              <a href="/login" className="btn btn-primary">
                Sign in
              </a>
            }
          >
            {TEXT.replaySignInBody}
          </StatusCard>
        ) : state.status === 'notFound' ? (
          <StatusCard title={TEXT.replayNotFoundTitle} tone="warning">
            {TEXT.replayNotFoundBody}
          </StatusCard>
        ) : (
          <StatusCard
            title={TEXT.loadFailedTitle}
            tone="warning"
            action={
              <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </button>
            }
          >
            {TEXT.loadFailedBody}
          </StatusCard>
        )}
      </main>
    </div>
  );
}

function Replay({ history }: { history: TResponseHistory }) {
  const { response, survey } = history;
  const steps = useMemo(() => replaySteps(history), [history]);
  const numbers = useMemo(() => questionNumbers(survey.questions), [survey.questions]);
  const byPage = useMemo(() => questionsByPage(survey.questions), [survey.questions]);
  const names = useMemo(() => namesOf(history), [history]);
  // Open on the first save: replaying starts from the beginning (the last step is the current response).
  const [index, setIndex] = useState(0);
  const last = steps.length - 1;
  const step = steps[Math.min(index, last)]!;
  const go = (to: number) => setIndex(Math.max(0, Math.min(last, to)));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select')) return;
      if (event.key === 'ArrowLeft') setIndex((i) => Math.max(0, i - 1));
      else if (event.key === 'ArrowRight') setIndex((i) => Math.min(last, i + 1));
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [last]);

  const stepLabel = (i: number) => (steps[i]!.kind === 'current' ? 'Current answers' : `Save ${i + 1} of ${last}`);
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="replay-title" className="rounded-lg border border-border bg-card p-4 shadow-sm sm:p-6">
        <StepHeading id="replay-title" className="text-xl sm:text-2xl">
          {response.name}
        </StepHeading>
        <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
          <Fact label="Email">{response.email ?? '—'}</Fact>
          <Fact label="Status">{response.status}</Fact>
          <Fact label="Started">{response.started ? formatDateTime(response.started) : '—'}</Fact>
          <Fact label="Submitted">{response.submitted ? formatDateTime(response.submitted) : '—'}</Fact>
        </dl>
      </section>

      <div className="grid gap-5 lg:grid-cols-[minmax(260px,340px)_1fr]">
        <nav aria-label="Saves" className="rounded-lg border border-border bg-card p-3 shadow-sm">
          <h2 className="px-2 pb-2 text-sm font-semibold text-muted-foreground">
            {last === 0 ? 'No saves yet' : `${last} ${last === 1 ? 'save' : 'saves'}`}
          </h2>
          <ol className="flex max-h-[60vh] flex-col gap-1 overflow-y-auto">
            {steps.map((s, i) => (
              <li key={`${s.kind}-${s.revision}`}>
                <button
                  type="button"
                  aria-current={i === index ? 'step' : undefined}
                  onClick={() => go(i)}
                  className={`flex w-full flex-col items-start gap-0.5 rounded-md px-3 py-2 text-left text-sm ${
                    i === index ? 'bg-accent text-accent-foreground' : 'hover:bg-muted'
                  }`}
                >
                  <span className="font-medium">
                    {s.kind === 'current' ? 'View the response' : s.at ? formatDateTime(s.at) : ''}
                  </span>
                  <span>
                    {pagesLabel(s)} · {changeSummary(s, numbers)}
                  </span>
                  {s.client ? (
                    <span className="text-muted-foreground" title={s.userAgent}>
                      {s.client}
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ol>
        </nav>

        <section aria-labelledby="step-title" className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-3 rounded-lg border border-border bg-card p-3 shadow-sm sm:flex-row sm:items-center">
            <button type="button" className="btn btn-outline" onClick={() => go(index - 1)} disabled={index === 0}>
              Previous step
            </button>
            <input
              type="range"
              min={0}
              max={last}
              value={index}
              onChange={(e) => go(Number(e.target.value))}
              aria-label="Step"
              aria-valuetext={stepLabel(index)}
              className="min-w-0 flex-1 accent-[var(--color-primary)]"
              disabled={last === 0}
            />
            <button type="button" className="btn btn-outline" onClick={() => go(index + 1)} disabled={index === last}>
              Next step
            </button>
          </div>
          <div className="rounded-lg border border-border bg-card p-4 shadow-sm sm:p-8">
            <h2 id="step-title" className="text-lg font-semibold">
              {stepLabel(index)}
              {step.at && step.kind === 'save' ? (
                <span className="font-normal text-muted-foreground"> · {formatDateTime(step.at)}</span>
              ) : null}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
              {changeSummary(step, numbers)}
              {step.pages !== null ? ` · ${pagesLabel(step).toLowerCase()} of ${byPage.length}` : ''}
              {step.client ? ` · ${step.client}` : ''}
            </p>
            <ReplayQuestions history={history} step={step} byPage={byPage} numbers={numbers} names={names} />
          </div>
        </section>
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="truncate font-medium">{children}</dd>
    </div>
  );
}

/** Names of everyone the lists show and any answer of any moment selects. */
function namesOf(history: TResponseHistory): Map<string, string> {
  const names = new Map<string, string>();
  for (const list of history.lists) for (const node of list.nodes) names.set(node._id, node.name);
  for (const [id, name] of Object.entries(history.names)) names.set(id, name);
  return names;
}
