import type { TAnswer, TDataInput } from '@tieline/validation';

/** A question both devices changed differently: this device's answer is kept, the other one offered. */
export interface TConflict {
  questionId: string;
  /** The answer the other device saved (with this device's changes merged where they do not clash); null: removed. */
  other: TAnswer | null;
}

export interface TMergeInput {
  /** The server's answers at the revision this device last saw: what both sides changed from. */
  base: readonly TAnswer[];
  /** This device's answers. */
  mine: readonly TAnswer[];
  /** The server's answers now (another device saved them). */
  theirs: readonly TAnswer[];
  /** Questions changed here and not yet confirmed. */
  dirty: Iterable<string>;
  /** Questions whose selections are sets (multiple choice): both sides' additions and removals combine. */
  multiple?: (questionId: string) => boolean;
}

/**
 * A three-way merge of this device's unconfirmed changes with the server's answers. A question only one
 * side changed takes that side's answer. When both changed it differently, entries (matrix rows, or the
 * one entry of other questions) merge the same way one by one; a selection both changed on a
 * multiple-choice question keeps what either added and drops what either removed. What still clashes
 * (text, numbers, a single choice) keeps this device's value and is reported as a conflict, so the
 * respondent is told and can take the other value. Server order first, then answers only this device has.
 */
export function mergeAnswers(input: TMergeInput): { answers: TAnswer[]; conflicts: TConflict[] } {
  const changed = new Set(input.dirty);
  const base = byQuestion(input.base);
  const mine = byQuestion(input.mine);
  const ids = [...new Set([...input.theirs.map((a) => a.questionId), ...input.mine.map((a) => a.questionId)])];
  const answers: TAnswer[] = [];
  const conflicts: TConflict[] = [];
  const theirs = byQuestion(input.theirs);
  for (const id of ids) {
    const t = theirs.get(id);
    if (!changed.has(id)) {
      if (t) answers.push(t);
      continue;
    }
    const merged = mergeQuestion(base.get(id), mine.get(id), t, input.multiple?.(id) ?? false);
    if (merged.mine) answers.push(merged.mine);
    if (!sameAnswer(merged.mine, merged.theirs)) conflicts.push({ questionId: id, other: merged.theirs ?? null });
  }
  return { answers, conflicts };
}

type Merged<T> = { mine: T | undefined; theirs: T | undefined };

/** One question, merged twice: preferring this device where both clash, and preferring the other. */
function mergeQuestion(
  b: TAnswer | undefined,
  m: TAnswer | undefined,
  t: TAnswer | undefined,
  multiple: boolean,
): Merged<TAnswer> {
  const settled = threeWay(b, m, t, sameAnswer);
  if (settled) return settled;
  const rows = [b, m, t].map((a) => keyed(a?.dataInput ?? []));
  // Entries without distinct keys (several texts) cannot be told apart: the whole answer clashes.
  if (rows.some((r) => r === null)) return { mine: m, theirs: t };
  const [rb, rm, rt] = rows as Map<string, TDataInput>[];
  const keys = [...new Set([...rm!.keys(), ...rt!.keys()])];
  const mineEntries: TDataInput[] = [];
  const theirEntries: TDataInput[] = [];
  for (const key of keys) {
    const entry = mergeEntry(rb!.get(key), rm!.get(key), rt!.get(key), multiple, key);
    if (entry.mine) mineEntries.push(entry.mine);
    if (entry.theirs) theirEntries.push(entry.theirs);
  }
  const questionId = (m ?? t ?? b)!.questionId;
  const answer = (dataInput: TDataInput[]) => (dataInput.length > 0 ? { questionId, dataInput } : undefined);
  return { mine: answer(mineEntries), theirs: answer(theirEntries) };
}

function mergeEntry(
  b: TDataInput | undefined,
  m: TDataInput | undefined,
  t: TDataInput | undefined,
  multiple: boolean,
  key: string,
): Merged<TDataInput> {
  const settled = threeWay(b, m, t, sameEntry);
  if (settled) return settled;
  if (!multiple || [m, t].some((e) => e && !e.selectedIds)) return { mine: m, theirs: t };
  const selected = mergeSets(b?.selectedIds ?? [], m?.selectedIds ?? [], t?.selectedIds ?? []);
  // An empty selection removes a plain question's answer; a matrix row keeps its (empty) entry.
  const entry = selected.length === 0 && key === '' ? undefined : { ...(m ?? t), selectedIds: selected };
  return { mine: entry, theirs: entry };
}

/** The easy cases of a three-way merge (both sides agree, or only one changed); null when both changed. */
function threeWay<T>(b: T | undefined, m: T | undefined, t: T | undefined, same: (x?: T, y?: T) => boolean) {
  if (same(m, t) || same(t, b)) return { mine: m, theirs: m };
  if (same(m, b)) return { mine: t, theirs: t };
  return null;
}

/** What either side added, minus what either removed; this device's order, then the other's additions. */
export function mergeSets(base: readonly string[], mine: readonly string[], theirs: readonly string[]): string[] {
  const b = new Set(base);
  const m = new Set(mine);
  const t = new Set(theirs);
  const kept = mine.filter((id) => t.has(id) || !b.has(id));
  return [...kept, ...theirs.filter((id) => !m.has(id) && !b.has(id))];
}

/** Entries by row (matrix: nodeId or optionId; other questions have one entry, keyed ''); null if keys repeat. */
function keyed(entries: readonly TDataInput[]): Map<string, TDataInput> | null {
  const map = new Map<string, TDataInput>();
  for (const e of entries) {
    const key = e.nodeId ?? e.optionId ?? '';
    if (map.has(key)) return null;
    map.set(key, e);
  }
  return map;
}

function byQuestion(answers: readonly TAnswer[]): Map<string, TAnswer> {
  return new Map(answers.map((a) => [a.questionId, a]));
}

export function sameAnswer(x?: TAnswer, y?: TAnswer): boolean {
  if (!x || !y) return x === y;
  const a = x.dataInput;
  const b = y.dataInput;
  return a.length === b.length && a.every((e, i) => sameEntry(e, b[i]));
}

/** Equal entries; selections compare as sets (the order of clicks means nothing), null numbers as absent. */
function sameEntry(x?: TDataInput, y?: TDataInput): boolean {
  if (!x || !y) return x === y;
  if (x.text !== y.text || (x.numeric ?? null) !== (y.numeric ?? null)) return false;
  if (x.nodeId !== y.nodeId || x.optionId !== y.optionId) return false;
  const a = x.selectedIds;
  const b = y.selectedIds;
  if (!a || !b) return a === b;
  const set = new Set(a);
  return a.length === b.length && b.every((id) => set.has(id));
}
