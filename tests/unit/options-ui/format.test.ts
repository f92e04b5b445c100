import { describe, expect, it } from 'vitest';
import { distinctDates, formatElapsed, formatTimeLeft, ordinal } from '../../../src/options-ui/format';
import { useCatalog } from '../../../src/i18n';
import enMessages from '../../../_locales/en/messages.json';
import deMessages from '../../../_locales/de/messages.json';

describe('format', () => {
  it('ordinals for positions', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st']);
  });
  it('dates tell things apart: the time only when two fall on one day, seconds when in one minute', () => {
    const day = Date.UTC(2023, 10, 14, 12, 0, 0);
    expect(distinctDates([day, day + 86_400_000]).every((d) => !d.includes(':'))).toBe(true);
    const sameDay = distinctDates([day, day + 3_600_000]);
    expect(sameDay[0]).not.toBe(sameDay[1]);
    expect(sameDay[0]).toMatch(/\d:\d\d/);
    const sameMinute = distinctDates([day, day + 5_000]);
    expect(sameMinute[0]).not.toBe(sameMinute[1]);
    expect(sameMinute[0]).toMatch(/:\d\d:\d\d/);
  });
  it('time left and elapsed as people say them', () => {
    expect(formatTimeLeft(12_400)).toBe('about 12 seconds');
    expect(formatTimeLeft(200)).toBe('about 1 second');
    expect(formatTimeLeft(185_000)).toBe('about 3 minutes');
    expect(formatElapsed(2_140)).toBe('2.1 s');
    expect(formatElapsed(72_000)).toBe('1 min 12 s');
  });
  it('in German: ordinals and durations', () => {
    useCatalog(deMessages, 'de');
    try {
      expect([1, 2, 3, 11].map(ordinal)).toEqual(['1.', '2.', '3.', '11.']);
      expect(formatTimeLeft(12_400)).toBe('etwa 12 Sekunden');
      expect(formatElapsed(2_140)).toBe('2,1 s');
    } finally {
      useCatalog(enMessages);
    }
  });
});
