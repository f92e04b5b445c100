import { describe, expect, it } from 'vitest';
import { describeOperation } from '../../../src/operation-words';
import { useCatalog } from '../../../src/i18n';
import enMessages from '../../../_locales/en/messages.json';
import deMessages from '../../../_locales/de/messages.json';
import { NO_NUMBERS } from '../../../src/operation-history/cleanup-numbers';

const imported = (n: { bookmarks?: number; folders?: number; separators?: number; skipped?: number; taggedUrls?: number }) => ({
  kind: 'import' as const,
  edit: null,
  counts: { ...NO_NUMBERS, skipped: 0 },
  imported: { bookmarks: 0, folders: 0, separators: 0, ...n },
});

describe('the words for an import in the history (issue 29: it read “No copies removed”, a cleanup’s words)', () => {
  it('says what the import created, skipped and tagged', () => {
    expect(describeOperation(imported({ bookmarks: 3, folders: 1, skipped: 295, taggedUrls: 5 }))).toBe(
      'Imported 3 bookmarks and 1 folder from a file; skipped 295 already bookmarked; new tags given to 5 addresses',
    );
    expect(describeOperation(imported({ bookmarks: 1, folders: 2, separators: 1 }))).toBe('Imported 1 bookmark, 2 folders and 1 separator from a file');
    expect(describeOperation(imported({ skipped: 2, taggedUrls: 1 }))).toBe(
      'Imported no new bookmark from a file; skipped 2 already bookmarked; new tags given to 1 address',
    );
    // An import of an older version kept only what it created; one with no numbers at all still reads as an import.
    expect(describeOperation({ ...imported({}), imported: { bookmarks: 4, folders: 0, separators: 0 } })).toBe('Imported 4 bookmarks and 0 folders from a file');
    expect(describeOperation({ ...imported({}), imported: null })).toBe('Imported no new bookmark from a file');
  });

  it('in German', () => {
    useCatalog(deMessages, 'de');
    try {
      expect(describeOperation(imported({ bookmarks: 1, folders: 2, skipped: 1, taggedUrls: 2 }))).toBe(
        '1 Lesezeichen und 2 Ordner aus einer Datei importiert; 1 schon vorhandenes übersprungen; neue Schlagwörter für 2 Adressen',
      );
    } finally {
      useCatalog(enMessages);
    }
  });
});
