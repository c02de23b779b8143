import { type TAnswer, type TQuestionData, titlesOf } from '@tieline/validation';
import { TEXT } from '../lib/messages';

/**
 * An answer as one line a respondent reads (the other device's answer in a conflict notice): the text,
 * the number, the chosen options' titles or people's names, a matrix row by row.
 */
export function answerSummary(q: TQuestionData, answer: TAnswer | null, names: ReadonlyMap<string, string>): string {
  const entries = answer?.dataInput ?? [];
  const people = q.isRelationshipQuestion || q.type === 'searchAndSelect';
  const person = (id: string) => names.get(id) || TEXT.unknownPerson;
  const chosen = (ids: readonly string[] | undefined) =>
    people ? (ids ?? []).map(person) : titlesOf(q.selectionOptions, ids);
  const parts = entries.map((e) => {
    if (e.text !== undefined) return e.text;
    if (e.numeric !== undefined && e.numeric !== null) return String(e.numeric);
    if (q.type !== 'matrixSelection') return chosen(e.selectedIds).join(', ');
    const row = e.nodeId !== undefined ? person(e.nodeId) : (titlesOf(q.selectionOptions, [e.optionId ?? ''])[0] ?? '');
    const columns = q.egoNetworkMapping ? (e.selectedIds ?? []).map(person) : titlesOf(q.columnHeadings, e.selectedIds);
    return `${row}: ${columns.join(', ') || TEXT.noAnswer}`;
  });
  const shown = parts.filter((p) => p.trim() !== '');
  return shown.length > 0 ? shown.join(q.type === 'matrixSelection' ? '; ' : ', ') : TEXT.noAnswer;
}
