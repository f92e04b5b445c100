import { describe, expect, it } from 'vitest';
import { isCalendarDate, localDate, parseBackupName } from '../../../src/firefox-backups/backup-name';

describe('parseBackupName', () => {
  it('reads the date and item count Firefox writes into a daily backup’s name', () => {
    expect(parseBackupName('bookmarks-2026-12-07_16_lCRAO9yqF8D3goELNbxSwJSdIeV5OrGEBfeBTs4Oq7c=.jsonlz4')).toEqual({ date: '2026-12-07', count: 16 });
    expect(parseBackupName('bookmarks-2025-01-31_5123_abcdefghijklmnopqrstuvwx-_.json')).toEqual({ date: '2025-01-31', count: 5123 });
  });

  it('takes the date alone from older and manual backups', () => {
    expect(parseBackupName('bookmarks-2014-05-15.jsonlz4')).toEqual({ date: '2014-05-15', count: null });
    expect(parseBackupName('BOOKMARKS-2014-05-15.JSON')).toEqual({ date: '2014-05-15', count: null });
  });

  it('knows no date in other names and impossible dates', () => {
    expect(parseBackupName('bookmarks-2014-05-15 (1).jsonlz4')).toBeNull();
    expect(parseBackupName('my-bookmarks.json')).toBeNull();
    expect(parseBackupName('bookmarks-2026-02-30_10_abcdefghijklmnopqrstuvwxyz.jsonlz4')).toBeNull();
    expect(parseBackupName('bookmarks-2026-12-07_16_short.jsonlz4')).toBeNull();
  });
});

describe('dates', () => {
  it('isCalendarDate accepts real days only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
  });

  it('localDate is the local calendar day of a moment', () => {
    const noon = new Date(2026, 11, 2, 12, 0).getTime();
    expect(localDate(noon)).toBe('2026-12-02');
  });
});
