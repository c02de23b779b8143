import { questionPages, type TAnswer } from '@tieline/validation';
import type { TResponseHistory } from '../lib/api';

/** One moment of a response: after a save, or (last) the response as it is now. */
export interface TReplayStep {
  kind: 'save' | 'current';
  /** The revision the save made (the current answers: the response's revision). */
  revision: number;
  /** When the save was accepted; for the current answers, the submission time if any. */
  at: string | null;
  /** The pages to show: those of the questions the save changed (else the page it was sent from); null: every page. */
  pages: number[] | null;
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
    const touched = [...new Set(changed.flatMap((id) => pageOf.get(id) ?? []))].sort((a, b) => a - b);
    return {
      kind: 'save',
      revision: save.revision,
      at: save.at,
      pages: touched.length > 0 ? touched : [save.page ?? 0],
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
    revision: history.response.revision,
    at: history.response.submitted,
    pages: null,
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

/** "Page 2", "Pages 1, 2", "All pages". */
export function pagesLabel(step: TReplayStep): string {
  if (step.pages === null) return 'All pages';
  const shown = step.pages.map((p) => p + 1).join(', ');
  return step.pages.length === 1 ? `Page ${shown}` : `Pages ${shown}`;
}
