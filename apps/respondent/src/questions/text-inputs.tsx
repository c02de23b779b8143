import { clampSlider, sliderShownValue, type TDataInput, type TQuestion, toNumber } from '@tieline/validation';
import { useState } from 'react';
import type { TFieldIds } from './question-frame';

type InputProps = {
  q: TQuestion;
  entries: TDataInput[];
  ids: TFieldIds;
  onChange: (dataInput: TDataInput[] | null) => void;
};

// The question text is the field's <label> (QuestionFrame `single`).
const aria = (ids: TFieldIds) => ({
  id: ids.controlId,
  'aria-describedby': ids.describedBy,
  'aria-invalid': ids.invalid,
});

/** Free text: a one-line input when the question asks for short text, else a text area. */
export function FreeText({ q, entries, ids, onChange }: InputProps) {
  const value = entries[0]?.text ?? '';
  const change = (text: string) => onChange(text === '' ? null : [{ text }]);
  if (q.shortTextInput) {
    return (
      <input type="text" className="field h-11" value={value} onChange={(e) => change(e.target.value)} {...aria(ids)} />
    );
  }
  return (
    <textarea
      rows={4}
      className="field resize-y py-2"
      value={value}
      onChange={(e) => change(e.target.value)}
      {...aria(ids)}
    />
  );
}

/** A number: typed as text, stored as a number; empty (or not a number) is no answer (spec §5). */
export function NumericInput({ entries, ids, onChange }: InputProps) {
  const stored = entries[0]?.numeric;
  const [raw, setRaw] = useState(typeof stored === 'number' ? String(stored) : '');
  // What was typed while it still means the stored number ('4.' while typing 4.5); else the stored number,
  // which another device (a merge) or the conflict notice may have changed.
  const value = (toNumber(raw) ?? null) === (stored ?? null) ? raw : typeof stored === 'number' ? String(stored) : '';
  return (
    <input
      type="number"
      inputMode="decimal"
      step="any"
      className="field h-11 max-w-60"
      value={value}
      onChange={(e) => {
        setRaw(e.target.value);
        const n = toNumber(e.target.value);
        onChange(n === undefined ? null : [{ numeric: n }]);
      }}
      {...aria(ids)}
    />
  );
}

/**
 * Slider: a native range input between the question's bounds, its labels at the ends (spec §5). Untouched
 * it shows its default, which Next and Submit save as the answer (withShownDefaults).
 */
export function Slider({ q, entries, ids, onChange }: InputProps) {
  const stored = entries[0]?.numeric;
  const value = typeof stored === 'number' ? stored : sliderShownValue(q);
  const step = q.numericRangeIncrement > 0 ? q.numericRangeIncrement : 1;
  const outputId = `${ids.legendId}-value`;
  return (
    <div className="flex flex-col gap-2">
      <input
        type="range"
        min={q.numericRangeMin}
        max={q.numericRangeMax}
        step={step}
        value={value}
        onChange={(e) => onChange([{ numeric: clampSlider(Number(e.target.value), q) }])}
        className="h-11 w-full accent-primary"
        aria-valuetext={q.numericRangeShowValues ? String(value) : undefined}
        {...aria(ids)}
      />
      <div className="flex justify-between gap-3 text-sm text-muted-foreground">
        <span>
          {q.numericRangeMinLabel}
          {q.numericRangeShowValues ? ` (${q.numericRangeMin})` : ''}
        </span>
        {q.numericRangeShowValues ? (
          <output id={outputId} className="font-semibold text-foreground" aria-live="polite">
            {value}
          </output>
        ) : null}
        <span className="text-right">
          {q.numericRangeMaxLabel}
          {q.numericRangeShowValues ? ` (${q.numericRangeMax})` : ''}
        </span>
      </div>
    </div>
  );
}
