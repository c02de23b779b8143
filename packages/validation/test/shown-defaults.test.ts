import { describe, expect, it } from 'vitest';
import { newQuestion, sliderShownValue, type TQuestionData, withShownDefaults } from '../src/index';

// Issue 21 item 5: what the respondent sees is what is saved. A slider shows a value before it is
// touched; Next and Submit save that value.

let n = 0;
const slider = (over: Partial<TQuestionData> = {}): TQuestionData => ({
  ...newQuestion('numericRange', () => `id${++n}`, null),
  ...over,
});

describe('sliderShownValue', () => {
  it('is the default where it sits on a step', () => {
    expect(sliderShownValue(slider())).toBe(50);
    expect(sliderShownValue(slider({ numericRangeMax: 10, numericRangeDefault: 7 }))).toBe(7);
  });

  it('snaps to the nearest step and stays within the bounds, as the range input shows it', () => {
    expect(sliderShownValue(slider({ numericRangeMax: 10, numericRangeDefault: 5, numericRangeIncrement: 3 }))).toBe(6);
    expect(sliderShownValue(slider({ numericRangeMax: 10, numericRangeDefault: 10, numericRangeIncrement: 4 }))).toBe(
      8,
    );
    expect(sliderShownValue(slider({ numericRangeMax: 1, numericRangeDefault: 0.3, numericRangeIncrement: 0.1 }))).toBe(
      0.3,
    );
    expect(sliderShownValue(slider({ numericRangeMin: 5, numericRangeMax: 9, numericRangeDefault: 2 }))).toBe(5);
  });
});

describe('withShownDefaults', () => {
  it('saves an untouched slider as shown, and leaves every other answer and type alone', () => {
    const s = slider({ numericRangeMax: 10, numericRangeDefault: 7 });
    const text = { ...newQuestion('freeFormText', () => 'text', null) };
    const moved = slider({ _id: 'moved' });
    const answers = [{ questionId: 'moved', dataInput: [{ numeric: 3 }] }];
    expect(withShownDefaults([s, text, moved], answers)).toEqual([
      { questionId: 'moved', dataInput: [{ numeric: 3 }] },
      { questionId: s._id, dataInput: [{ numeric: 7 }] },
    ]);
    expect(withShownDefaults([text, moved], answers)).toBe(answers);
    // An answer without a number (emptied elsewhere) shows the default again, so it saves it.
    expect(withShownDefaults([s], [{ questionId: s._id, dataInput: [] }])).toEqual([
      { questionId: s._id, dataInput: [{ numeric: 7 }] },
    ]);
  });
});
