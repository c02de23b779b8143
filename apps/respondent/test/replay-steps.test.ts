import { newQuestion, type TQuestionData } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import type { TResponseHistory } from '../src/lib/api';
import { changeSummary, pagesLabel, replaySteps } from '../src/replay/replay-steps';

let n = 0;
const q = (type: TQuestionData['type'], _id: string) => ({
  ...newQuestion(type, () => `id-${++n}`, null),
  _id,
  page: 0,
});
const text = (questionId: string, t: string) => ({ questionId, dataInput: [{ text: t }] });
const save = (revision: number, page: number | null, changes: TResponseHistory['saves'][number]['changes']) => ({
  at: new Date(Date.UTC(2026, 10, 22, 9, revision)).toISOString(),
  revision,
  page,
  submitted: false,
  changes,
  client: 'Chrome 130 on Linux',
  userAgent: 'Mozilla/5.0',
});

function history(saves: TResponseHistory['saves']): TResponseHistory {
  const questions = [q('freeFormText', 'a'), q('pageBreak', 'b'), q('freeFormText', 'c'), q('freeFormText', 'd')];
  return {
    response: {
      _id: 'r',
      name: 'Ada',
      email: null,
      status: 'Started',
      started: null,
      submitted: null,
      revision: saves.length,
      answers: [text('c', 'now')],
    },
    survey: {
      _id: 's',
      name: 'Pulse',
      status: 'Collecting',
      welcomeMessage: '',
      thankYouMessage: '',
      redirectTo: '',
      imageURL: null,
      organizationLogoURL: null,
      organizationFaviconURL: null,
      respondentList: null,
      questions,
      respondent: { name: 'Ada', firstName: 'Ada', nodeId: null },
      responseStatus: 'Started',
    },
    lists: [],
    names: {},
    saves,
  };
}

describe('replay steps', () => {
  it('fold each save over the ones before it; an emptied answer is removed; the last step is now', () => {
    const steps = replaySteps(
      history([
        save(1, 0, [text('a', 'first')]),
        save(2, 1, [text('a', 'second'), text('c', 'page two')]),
        save(3, 1, [{ questionId: 'a', dataInput: [] }, text('d', 'x')]),
      ]),
    );
    expect(steps.map((s) => s.answers)).toEqual([
      [text('a', 'first')],
      [text('a', 'second'), text('c', 'page two')],
      [text('c', 'page two'), text('d', 'x')],
      [text('c', 'now')],
    ]);
    expect(steps.map((s) => s.kind)).toEqual(['save', 'save', 'save', 'current']);
    // The pages shown are those of the questions changed, whatever page the client said.
    expect(steps.map((s) => s.pages)).toEqual([[0], [0, 1], [0, 1], null]);
    expect(steps.map(pagesLabel)).toEqual(['Page 1', 'Pages 1, 2', 'Pages 1, 2', 'All pages']);
  });

  it('summarise what changed by question number', () => {
    const numbers = new Map([
      ['a', 1],
      ['c', 2],
      ['d', 3],
    ]);
    const [first, second, none, now] = replaySteps(
      history([save(1, 0, [text('d', 'x'), text('a', 'y')]), save(2, 0, [text('c', 'z')]), save(3, 1, [])]),
    );
    expect(changeSummary(first!, numbers)).toBe('Q1, Q3 changed');
    expect(changeSummary(second!, numbers)).toBe('Q2 changed');
    expect(changeSummary(none!, numbers)).toBe('No answer changed');
    // A save that changed nothing shows the page it came from.
    expect(none!.pages).toEqual([1]);
    expect(changeSummary(now!, numbers)).toBe('The response as it is now');
  });
});
