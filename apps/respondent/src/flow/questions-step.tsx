import {
  answerMap,
  answerProblems,
  pipeAnswers,
  progressPercent,
  questionNumbers,
  questionsByPage,
  RESPONDENT_MSG,
  type TAnswer,
  type TDataInput,
  type TQuestion,
  withShownDefaults,
} from '@tieline/validation';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { StepHeading } from '../components/step';
import type { TNecessaryList, TNode, TRespondentSurvey } from '../lib/api';
import { TEXT } from '../lib/messages';
import type { SaveQueue } from '../offline/save-queue';
import { ConflictNotice } from '../questions/conflict-notice';
import { changedQuestionIds, ruleContext, withAnswer } from '../questions/people';
import { QuestionView, type TQuestionEnv } from '../questions/question-view';
import { LastSaved } from './last-saved';
import { useQueueState } from './use-save-queue';

type QuestionsStepProps = {
  survey: TRespondentSurvey;
  lists: TNecessaryList[];
  names: Map<string, string>;
  /** New people this response added, by question; kept across pages (the caps on added names). */
  addedNames: Map<string, number>;
  queue: SaveQueue;
  page: number;
  randomUUID: string | null;
  /** A test email's link (nothing is saved, names cannot be added); null otherwise. */
  testEmailId?: string | null;
  /** Go to a page; -1 is the welcome page. */
  onPage: (page: number) => void;
  onSubmitted: () => void;
};

/** The question pages: Back, Next and Submit with the answer rules, progress and the save state (spec §4). */
export function QuestionsStep({
  survey,
  lists,
  names,
  addedNames,
  queue,
  page,
  randomUUID,
  testEmailId = null,
  onPage,
  onSubmitted,
}: QuestionsStepProps) {
  const state = useQueueState(queue);
  const pages = useMemo(() => questionsByPage(survey.questions), [survey.questions]);
  const pageOf = useMemo(() => new Map(pages.flatMap((qs, i) => qs.map((q) => [q._id, i] as const))), [pages]);
  const numbers = useMemo(() => questionNumbers(survey.questions), [survey.questions]);
  const index = Math.max(0, Math.min(page, pages.length - 1));
  const questions = pages[index] ?? [];
  const isLast = index === pages.length - 1;
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [toast, setToast] = useState('');
  const [focusFirst, setFocusFirst] = useState(0);
  const [, setNamesVersion] = useState(0);
  const preview = randomUUID === null;

  const remember = useCallback(
    (nodes: readonly TNode[]) => {
      let added = false;
      for (const node of nodes) {
        if (names.get(node._id) !== node.name) {
          names.set(node._id, node.name);
          added = true;
        }
      }
      if (added) setNamesVersion((n) => n + 1);
    },
    [names],
  );

  const env: TQuestionEnv = {
    survey,
    lists,
    names,
    answers: answerMap(state.answers),
    randomUUID,
    remember,
    addedNames,
    countAdded: (questionId, added) => {
      addedNames.set(questionId, added);
      setNamesVersion((n) => n + 1);
    },
    ...(testEmailId ? { addRefusal: RESPONDENT_MSG.addViaTestLink, testEmailId } : {}),
  };

  const check = useCallback(
    (qs: readonly TQuestion[], answers: readonly TAnswer[]) => {
      const map = answerMap(answers);
      return answerProblems(qs, answers, (q) => ruleContext(q, { survey, lists, names, answers: map }));
    },
    [survey, lists, names],
  );

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(''), 6000);
    return () => window.clearTimeout(timer);
  }, [toast]);

  useEffect(() => {
    if (!focusFirst) return;
    const first = document.querySelector('[data-invalid]');
    const control = first?.querySelector<HTMLElement>('input, select, textarea, [role="listbox"], button');
    (control ?? (first as HTMLElement | null))?.focus();
  }, [focusFirst]);

  // The server refused the submission (or a conflict paused it): show why and go to the first question concerned.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new refusal triggers this.
  useEffect(() => {
    if (!state.refused) return;
    const found = state.refused.problems;
    setProblems(found);
    setToast(
      Object.keys(found).length > 0 ? RESPONDENT_MSG.notSaved : state.refused.message || RESPONDENT_MSG.notSaved,
    );
    const concerned = Object.keys(found).length > 0 ? Object.keys(found) : state.conflicts.map((c) => c.questionId);
    const target = Math.min(...concerned.map((id) => pageOf.get(id) ?? Number.POSITIVE_INFINITY));
    if (Number.isFinite(target) && target !== index) onPage(target);
    setFocusFirst((n) => n + 1);
  }, [state.refused]);

  function change(questionId: string, dataInput: TDataInput[] | null) {
    const current = queue.getState().answers;
    const next = pipeAnswers(survey.questions, withAnswer(current, questionId, dataInput));
    queue.update(next, changedQuestionIds(current, next), index);
    // Once messages show, they follow every change (spec §5).
    if (Object.keys(problems).length > 0) setProblems(check(questions, next));
  }

  function noticeFor(q: TQuestion) {
    const conflict = conflicts.get(q._id);
    if (!conflict) return undefined;
    return (
      <ConflictNotice
        q={q}
        other={conflict.other}
        names={names}
        onUseOther={() => {
          change(q._id, conflict.other?.dataInput ?? null);
          queue.dismiss(q._id);
        }}
        onKeep={() => queue.dismiss(q._id)}
      />
    );
  }

  async function forward() {
    // What the page shows untouched (a slider's default) is saved as shown (issue 21 item 5).
    const current = queue.getState().answers;
    const shown = withShownDefaults(questions, current);
    if (shown !== current) queue.update(shown, changedQuestionIds(current, shown), index);
    const found = check(questions, shown);
    if (Object.keys(found).length > 0) {
      setProblems(found);
      setToast(RESPONDENT_MSG.notSaved);
      setFocusFirst((n) => n + 1);
      return;
    }
    setProblems({});
    setToast('');
    if (!isLast) {
      void queue.flush({ page: index + 1 });
      onPage(index + 1);
      window.scrollTo({ top: 0 });
      return;
    }
    if (preview) return onSubmitted();
    await queue.submit(index);
    if (queue.getState().submitted) onSubmitted();
  }

  const conflicts = new Map(state.conflicts.map((c) => [c.questionId, c]));
  const elsewhere = [...new Set(state.conflicts.map((c) => pageOf.get(c.questionId) ?? index))]
    .filter((p) => p !== index)
    .sort((a, b) => a - b);
  const percent = progressPercent(index, pages.length);
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-2 pr-10">
        <StepHeading key={index} id="page-title" className="text-xl sm:text-2xl">
          {survey.name}
        </StepHeading>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm whitespace-nowrap text-muted-foreground">
          <span>
            Page {index + 1} of {pages.length}
          </span>
          {preview ? (
            <span>{testEmailId ? TEXT.testNothingSaved : 'Preview: nothing is saved'}</span>
          ) : (
            <LastSaved
              at={state.lastSaved}
              savedBefore={state.savedBefore}
              saving={state.saving}
              deviceOnly={state.offline && state.unconfirmed}
            />
          )}
        </div>
        <div
          role="progressbar"
          aria-label="Survey progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>

      {elsewhere.length > 0 ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-md border border-warning-border bg-warning-soft px-3 py-2 text-sm font-medium text-warning"
        >
          <p className="min-w-0 flex-1">{TEXT.conflictElsewhere(elsewhere.map((p) => p + 1))}</p>
          <button type="button" className="btn btn-outline h-9 bg-card px-3" onClick={() => onPage(elsewhere[0]!)}>
            Go to page {elsewhere[0]! + 1}
          </button>
        </div>
      ) : null}

      <div key={index} className="flex flex-col gap-4">
        {questions.length === 0 ? <p className="text-muted-foreground">This page has no questions.</p> : null}
        {questions.map((q) => (
          <QuestionView
            key={q._id}
            q={q}
            number={numbers.get(q._id)}
            answer={env.answers.get(q._id)}
            error={problems[q._id]}
            env={env}
            onChange={change}
            notice={noticeFor(q)}
          />
        ))}
      </div>

      <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:justify-between">
        <button type="button" className="btn btn-outline" onClick={() => onPage(index - 1)}>
          Back
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void forward()}>
          {isLast ? 'Submit' : 'Next'}
        </button>
      </div>

      <div aria-live="assertive" className="pointer-events-none fixed inset-x-0 top-3 z-20 flex justify-center px-3">
        {toast ? (
          <p
            role="alert"
            className="pointer-events-auto rounded-md border border-destructive/40 bg-destructive-soft px-4 py-2.5 text-sm font-medium text-destructive shadow-lg"
          >
            {toast}
          </p>
        ) : null}
      </div>
    </section>
  );
}
