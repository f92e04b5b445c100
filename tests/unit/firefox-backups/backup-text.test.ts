import { describe, expect, it } from 'vitest';
import { backupText, formatFromName } from '../../../src/firefox-backups/backup-text';
import { BackupFileError } from '../../../src/firefox-backups/problems';
import { mozLz4 } from './lz4-kit';

describe('backupText', () => {
  it('knows the format by the name’s extension, in any case', () => {
    expect(formatFromName('bookmarks-2026-12-07_16_x.jsonlz4')).toBe('jsonlz4');
    expect(formatFromName('Backup.JSONLZ4')).toBe('jsonlz4');
    expect(formatFromName('bookmarks.json')).toBe('json');
    expect(formatFromName('bookmarks.html')).toBeNull();
    expect(formatFromName('bookmarks.json.txt')).toBeNull();
  });

  it('reads UTF-8, compressed or not, a byte order mark dropped', () => {
    expect(backupText('jsonlz4', mozLz4('{"title":"Ünïcode"}'))).toBe('{"title":"Ünïcode"}');
    expect(backupText('json', Uint8Array.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]))).toBe('{}');
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(() => backupText('json', Uint8Array.from([0x7b, 0xff, 0x7d]))).toThrow(BackupFileError);
  });
});
