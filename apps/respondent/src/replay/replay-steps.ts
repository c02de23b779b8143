import { questionPages, type TAnswer, type TQuestion } from '@tieline/validation';
import type { TResponseHistory } from '../lib/api';

/** One moment of a response: after a save, or (last) the response as it is now. */
export interface TReplayStep {
  kind: 'save' | 'current';
  /** When the save was accepted; for the current answers, the submission time if any. */
  at: string | null;
  /** The page to show (the page of the first question the save changed); null: every page. */
  page: number | null;
  /** The page the client said it saved from (Next saves carry the page they go to). */
  savedFrom: number | null;
  answers: TAnswer[];
  changed: string[];
  submitted: boolean;
  client: string;
  userAgent: string;
}

/**
 * The steps of a replay: the answers after each save, folded from the first save on (a save carries
 * whole answers of the questions it changed; an answer with no entries was removed), then the current
 * answers as stored.
 */
export function replaySteps(history: TResponseHistory): TReplayStep[] {
  const pageOf = new Map<string, number>();
  const pages = questionPages(history.survey.questions);
  history.survey.questions.forEach((q, i) => {
    pageOf.set(q._id, pages[i] ?? 0);
  });
  const state = new Map<string, TAnswer>();
  const steps: TReplayStep[] = history.saves.map((save) => {
    for (const change of save.changes) {
      if (change.dataInput.length === 0) state.delete(change.questionId);
      else state.set(change.questionId, change);
    }
    const changed = save.changes.map((c) => c.questionId);
    const first = changed.map((id) => pageOf.get(id)).find((p) => p !== undefined);
    return {
      kind: 'save',
      at: save.at,
      page: first ?? save.page ?? 0,
      savedFrom: save.page,
      answers: [...state.values()],
      changed,
      submitted: save.submitted,
      client: save.client,
      userAgent: save.userAgent,
    };
  });
  steps.push({
    kind: 'current',
    at: history.response.submitted,
    page: null,
    savedFrom: null,
    answers: history.response.answers,
    changed: [],
    submitted: history.response.submitted !== null,
    client: '',
    userAgent: '',
  });
  return steps;
}

/** "Q3, Q5 changed": the changed questions by their numbers, as the respondent saw them. */
export function changeSummary(step: TReplayStep, numbers: ReadonlyMap<string, number>): string {
  if (step.kind === 'current') return 'The response as it is now';
  const labels = step.changed.map((id) => numbers.get(id)).filter((n): n is number => n !== undefined);
  const sorted = [...new Set(labels)].sort((a, b) => a - b).map((n) => `Q${n}`);
  const what = sorted.length > 0 ? `${sorted.join(', ')} changed` : 'No answer changed';
  return step.submitted ? `${what}; submitted` : what;
}

/** The questions of `page` (all answerable and descriptive ones, page breaks excluded). */
export function questionsOn(byPage: readonly TQuestion[][], page: number): TQuestion[] {
  return byPage[Math.max(0, Math.min(page, byPage.length - 1))] ?? [];
}
