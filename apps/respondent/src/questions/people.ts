import {
  pipedIds,
  RESPONDENT_LIMITS,
  type TAnswer,
  type TAnswerContext,
  type TDataInput,
  type TQuestionData,
} from '@tieline/validation';
import type { TNecessaryList, TNode, TRespondentSurvey } from '../lib/api';

/**
 * Where a relationship question's people come from (spec §3 question source): answers to earlier
 * questions (piped), a list small enough to show, or a list to search (over the options cap).
 */
export type TPeople =
  | { source: 'piped' | 'list'; listId: string | null; people: TNode[] }
  | { source: 'search'; listId: string; people: null };

export interface TPeopleContext {
  survey: TRespondentSurvey;
  lists: readonly TNecessaryList[];
  answers: ReadonlyMap<string, TAnswer>;
  names: ReadonlyMap<string, string>;
}

export function listIdOf(q: TQuestionData, survey: TRespondentSurvey): string | null {
  return q.list ?? survey.respondentList;
}

export function peopleFor(q: TQuestionData, ctx: TPeopleContext): TPeople {
  const self = q.allowSelfSelection ? null : ctx.survey.respondent.nodeId;
  const piped = pipedIds(q, ctx.answers);
  const listId = listIdOf(q, ctx.survey);
  if (piped !== null) {
    const people = piped.filter((id) => id !== self).map((id) => ({ _id: id, name: ctx.names.get(id) ?? '' }));
    return { source: 'piped', listId, people };
  }
  const list = ctx.lists.find((l) => l._id === listId);
  if (!list) return { source: 'list', listId, people: [] };
  if (list.count > RESPONDENT_LIMITS.optionsCap || (list.nodes.length === 0 && list.count > 0))
    return { source: 'search', listId: list._id, people: null };
  return { source: 'list', listId: list._id, people: list.nodes.filter((n) => n._id !== self) };
}

/** What the shared answer rules need to know about a question here (spec §5). */
export function ruleContext(q: TQuestionData, ctx: TPeopleContext): TAnswerContext {
  const selfId = ctx.survey.respondent.nodeId;
  if (q.type === 'searchAndSelect') return { offered: null, selfId };
  if (!q.isRelationshipQuestion) {
    const offered = q.type === 'multipleSelection' ? q.selectionOptions.map((o) => o._id) : null;
    return { offered, selfId };
  }
  const people = peopleFor(q, ctx);
  return { offered: people.people ? people.people.map((p) => p._id) : null, selfId };
}

/** The answer with one entry replaced, or the answer removed when `dataInput` is null. */
export function withAnswer(answers: readonly TAnswer[], questionId: string, dataInput: TDataInput[] | null): TAnswer[] {
  const rest = answers.filter((a) => a.questionId !== questionId);
  if (dataInput === null) return rest;
  const index = answers.findIndex((a) => a.questionId === questionId);
  const next = { questionId, dataInput };
  if (index < 0) return [...rest, next];
  return [...answers.slice(0, index), next, ...answers.slice(index + 1)];
}

/** Ids of the questions whose answer object differs between two answer lists. */
export function changedQuestionIds(before: readonly TAnswer[], after: readonly TAnswer[]): string[] {
  const old = new Map(before.map((a) => [a.questionId, a]));
  const ids = new Set<string>();
  for (const a of after) if (old.get(a.questionId) !== a) ids.add(a.questionId);
  const now = new Set(after.map((a) => a.questionId));
  for (const id of old.keys()) if (!now.has(id)) ids.add(id);
  return [...ids];
}

/** Single choice replaces the selection, multiple choice toggles the id (spec §4 answer inputs). */
export function toggled(selected: readonly string[], id: string, multiple: boolean): string[] {
  if (!multiple) return [id];
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}

export function byName(a: TNode, b: TNode): number {
  return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
}
