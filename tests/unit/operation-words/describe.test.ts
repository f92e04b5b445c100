import { describe, expect, it } from 'vitest';
import { describeCleanup, describeUndone } from '../../../src/operation-words';
import { useCatalog } from '../../../src/i18n';
import enMessages from '../../../_locales/en/messages.json';
import deMessages from '../../../_locales/de/messages.json';
import { NO_NUMBERS } from '../../../src/operation-history/cleanup-numbers';

describe('the words for an operation', () => {
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
  it('in German: German plurals and number separators', () => {
    useCatalog(deMessages, 'de');
    try {
      const n = { ...NO_NUMBERS, copies: 1587, loose: 787, insideFolders: 800, copiedFolders: 2, emptyFolders: 1 };
      expect(describeCleanup(n, 'plan')).toBe('1.587 Kopien zu entfernen: 787 einzeln, 800 in 2 kopierten Ordnern; und 1 leerer Ordner');
      expect(describeCleanup({ ...NO_NUMBERS, copies: 1, loose: 1 }, 'done')).toBe('1 Kopie entfernt');
    } finally {
      useCatalog(enMessages);
    }
  });
  it("an undo in the units of what it undid: a cleanup's copies and folders, else items", () => {
    expect(describeUndone({ restored: 198, movedBack: 0, units: { copies: 180, copiedFolders: 1, emptyFolders: 7 } })).toBe(
      '180 copies, 1 copied folder, and 7 empty folders restored',
    );
    expect(describeUndone({ restored: 1, movedBack: 2, units: { copies: 1, copiedFolders: 0, emptyFolders: 0 } })).toBe('1 copy restored; 2 items moved back');
    expect(describeUndone({ restored: 0, movedBack: 0, units: { copies: 0, copiedFolders: 0, emptyFolders: 0 } })).toBe('nothing restored');
    expect(describeUndone({ restored: 3, movedBack: 0 })).toBe('3 items restored');
    useCatalog(deMessages, 'de');
    try {
      expect(describeUndone({ restored: 1200, movedBack: 0, units: { copies: 1180, copiedFolders: 0, emptyFolders: 1 } })).toBe(
        '1.180 Kopien und 1 leerer Ordner wiederhergestellt',
      );
    } finally {
      useCatalog(enMessages);
    }
  });
});
