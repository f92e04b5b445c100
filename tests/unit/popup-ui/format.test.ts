import { describe, expect, it } from 'vitest';
import { visitsLabel } from '../../../src/popup-ui/format';

describe('popup formatting', () => {
  it('counts visits with plural rules and grouped digits', () => {
    expect(visitsLabel(1)).toBe('1 visit');
    expect(visitsLabel(2)).toBe('2 visits');
    expect(visitsLabel(0)).toBe('0 visits');
    expect(visitsLabel(12345)).toBe('12,345 visits');
  });
});
