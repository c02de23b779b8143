import { describe, expect, it } from 'vitest';
import { hasNumericColumns, plainText, questionLabel, titlesOf } from '../src/answers-readable';

describe('readable answers', () => {
  it('turns rich text into one plain line', () => {
    expect(plainText('<p>What do you <b>think</b> &amp; why?</p><p>Say&nbsp;more</p>')).toBe(
      'What do you think & why? Say more',
    );
    expect(plainText('<p>a<br>b</p>')).toBe('a b');
  });

  it('labels a question by abbreviation, else its text cut to 100 characters', () => {
    expect(questionLabel({ abbreviation: ' Age ', text: '<p>How old?</p>' })).toBe('Age');
    expect(questionLabel({ abbreviation: '', text: '<p>How old?</p>' })).toBe('How old?');
    const long = questionLabel({ abbreviation: '', text: `<p>${'x'.repeat(150)}</p>` });
    expect([...long]).toHaveLength(100);
    expect(long.endsWith('…')).toBe(true);
  });

  it('names chosen options in option order and knows numeric scales', () => {
    const options = [
      { _id: 'a', title: 'Tea' },
      { _id: 'b', title: 'Coffee' },
    ];
    expect(titlesOf(options, ['b', 'a', 'gone'])).toEqual(['Tea', 'Coffee']);
    expect(titlesOf(options, undefined)).toEqual([]);
    const scale = [1, 2, 3].map((n) => ({ _id: `c${n}`, title: String(n) }));
    expect(hasNumericColumns({ columnHeadings: scale, allowMultipleSelections: false })).toBe(true);
    expect(hasNumericColumns({ columnHeadings: scale, allowMultipleSelections: true })).toBe(false);
    expect(hasNumericColumns({ columnHeadings: options, allowMultipleSelections: false })).toBe(false);
  });
});
