import { describe, expect, it } from 'vitest';
import { formatDay } from '../src/dates';

describe('formatDay', () => {
  it('writes a stored calendar day as D-MMM-YY, whatever the time zone', () => {
    expect(formatDay('2026-03-05')).toBe('5-Mar-26');
    expect(formatDay('1999-12-31')).toBe('31-Dec-99');
    expect(formatDay('2026-01-01')).toBe('1-Jan-26');
  });

  it('leaves anything else as it is', () => {
    expect(formatDay('2026-13-01')).toBe('2026-13-01');
    expect(formatDay('soon')).toBe('soon');
  });
});
