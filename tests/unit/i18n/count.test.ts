import { describe, expect, it } from 'vitest';
import { countLabel, formatCount } from '../../../src/i18n/count';

describe('countLabel', () => {
  const copies = { one: 'copy', other: 'copies' };
  it('takes the noun form the number needs (Intl.PluralRules) and groups digits (Intl.NumberFormat)', () => {
    expect(countLabel(1, copies)).toBe('1 copy');
    expect(countLabel(0, copies)).toBe('0 copies');
    expect(countLabel(2, copies)).toBe('2 copies');
    expect(countLabel(1.5, copies)).toBe('1.5 copies');
    expect(countLabel(1204, copies)).toBe('1,204 copies');
    expect(formatCount(1_000_000)).toBe('1,000,000');
  });
});
