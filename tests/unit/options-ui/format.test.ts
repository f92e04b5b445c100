import { describe, expect, it } from 'vitest';
import { describeCleanup, distinctDates, formatElapsed, formatTimeLeft, ordinal } from '../../../src/options-ui/format';
import { useCatalog } from '../../../src/i18n';
import enMessages from '../../../_locales/en/messages.json';
import deMessages from '../../../_locales/de/messages.json';
import { NO_NUMBERS } from '../../../src/dedup/cleanup-numbers';

describe('format', () => {
  it('ordinals for positions', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st']);
  });
  it('one sentence for a cleanup, the same in every place', () => {
    const n = { ...NO_NUMBERS, copies: 1587, loose: 787, insideFolders: 800, copiedFolders: 2, emptyFolders: 2 };
    expect(describeCleanup(n, 'plan')).toBe('1,587 copies to remove: 787 loose, 800 inside 2 copied folders; and 2 empty folders');
    expect(describeCleanup({ ...n, skipped: 0 }, 'done')).toBe('1,587 copies removed: 787 loose, 800 inside 2 copied folders; and 2 empty folders');
    expect(describeCleanup({ ...NO_NUMBERS, copies: 1, loose: 1 }, 'plan')).toBe('1 copy to remove');
    expect(describeCleanup({ ...NO_NUMBERS, copies: 400, insideFolders: 400, copiedFolders: 1, moved: 2, tagMerges: 1 }, 'plan')).toBe(
      '400 copies to remove, all inside 1 copied folder; 2 items to move into the folders that stay; tags to merge onto 1 address',
    );
    expect(describeCleanup({ ...NO_NUMBERS, skipped: 3, copies: 2, loose: 2 }, 'done')).toBe('2 copies removed; 3 items left as they were');
    expect(describeCleanup({ ...NO_NUMBERS, emptyFolders: 1 }, 'plan')).toBe('1 empty folder to remove');
    expect(describeCleanup({ ...NO_NUMBERS, emptyFolders: 11, skipped: 0 }, 'done')).toBe('11 empty folders removed');
    expect(describeCleanup(NO_NUMBERS, 'plan')).toBe('No copies to remove');
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
  it('in German: German plurals, number separators, ordinals and durations', () => {
    useCatalog(deMessages, 'de');
    try {
      const n = { ...NO_NUMBERS, copies: 1587, loose: 787, insideFolders: 800, copiedFolders: 2, emptyFolders: 1 };
      expect(describeCleanup(n, 'plan')).toBe('1.587 Kopien zu entfernen: 787 einzeln, 800 in 2 kopierten Ordnern; und 1 leerer Ordner');
      expect(describeCleanup({ ...NO_NUMBERS, copies: 1, loose: 1 }, 'done')).toBe('1 Kopie entfernt');
      expect([1, 2, 3, 11].map(ordinal)).toEqual(['1.', '2.', '3.', '11.']);
      expect(formatTimeLeft(12_400)).toBe('etwa 12 Sekunden');
      expect(formatElapsed(2_140)).toBe('2,1 s');
    } finally {
      useCatalog(enMessages);
    }
  });
});
