import type { TAnswer, TQuestionData } from '@tieline/validation';
import { TEXT } from '../lib/messages';
import { answerSummary } from './answer-summary';

type ConflictNoticeProps = {
  q: TQuestionData;
  /** The other device's answer (null: it removed the answer). */
  other: TAnswer | null;
  names: ReadonlyMap<string, string>;
  onUseOther: () => void;
  onKeep: () => void;
};

/**
 * At a question both devices answered differently: this device's answer stays in the controls below,
 * the other one is shown here with a button to take it instead. Announced politely when it appears.
 */
export function ConflictNotice({ q, other, names, onUseOther, onKeep }: ConflictNoticeProps) {
  const id = `q-${q._id}-conflict`;
  return (
    <div
      role="status"
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2 rounded-md border border-warning-border bg-warning-soft px-3 py-2.5 text-sm"
    >
      <p id={`${id}-title`} className="font-semibold text-warning">
        {TEXT.conflictTitle}
      </p>
      <p>{TEXT.conflictKept}</p>
      <p className="rounded bg-card px-2 py-1.5 font-medium break-words">{answerSummary(q, other, names)}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline h-9 bg-card px-3" onClick={onUseOther}>
          {TEXT.useOther}
        </button>
        <button type="button" className="btn btn-outline h-9 bg-card px-3" onClick={onKeep}>
          {TEXT.keepMine}
        </button>
      </div>
    </div>
  );
}
