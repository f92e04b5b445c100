/**
 * The guard's notification in words, English and German: the loose copies with the pages they copy, two folders by
 * name and the rest counted together, singular and plural forms, and folder titles (untrusted text) shortened, never
 * more than plain text.
 */
import { afterEach, describe, expect, it } from 'vitest';
import deMessages from '../../../_locales/de/messages.json';
import enMessages from '../../../_locales/en/messages.json';
import { useCatalog } from '../../../src/i18n';
import { cameBackSentence, describeArrival } from '../../../src/copy-guard/words';

afterEach(() => useCatalog(enMessages));

describe('the copy guard’s words', () => {
  it('says what arrived: loose copies and pages, two folders by name, the other folders counted together', () => {
    const count = {
      loose: { copies: 154, pages: 30 },
      folders: [
        { title: 'Dev', copies: 400 },
        { title: 'Recipes', copies: 1 },
        { title: 'A', copies: 2 },
        { title: 'B', copies: 3 },
      ],
      total: 560,
    };
    expect(describeArrival(count)).toEqual({
      title: 'Copies of your bookmarks arrived',
      message:
        '154 copies of 30 pages, 400 copies in the folder “Dev”, 1 copy in the folder “Recipes”, and 5 more copies in other folders arrived in the last minute. Click to see them on the Duplicates page.',
    });
    expect(describeArrival({ loose: { copies: 1, pages: 1 }, folders: [{ title: 'Dev', copies: 1 }], total: 2 }).message).toBe(
      '1 copy of 1 page and 1 copy in the folder “Dev” arrived in the last minute. Click to see them on the Duplicates page.',
    );
  });

  it('names folders that copy an existing folder by that folder, with how many copies and bookmarks', () => {
    const count = (folderCopies: number, copies: number) => ({ loose: { copies: 0, pages: 0 }, folders: [{ title: 'Dev', copies, folderCopies }], total: copies });
    expect(describeArrival(count(1, 400)).message).toBe(
      '1 copy of the folder “Dev” (400 bookmarks) arrived in the last minute. Click to see them on the Duplicates page.',
    );
    expect(describeArrival(count(400, 1)).message).toMatch(/^400 copies of the folder “Dev” \(1 bookmark\) arrived/);
    useCatalog(deMessages, 'de');
    expect(describeArrival(count(3, 1_200)).message).toMatch(/^In der letzten Minute angekommen: 3 Kopien des Ordners „Dev“ \(1\.200 Lesezeichen\)\./);
  });

  it('in German', () => {
    useCatalog(deMessages, 'de');
    const said = describeArrival({ loose: { copies: 154, pages: 30 }, folders: [{ title: 'Dev', copies: 400 }], total: 554 });
    expect(said).toEqual({
      title: 'Kopien Ihrer Lesezeichen sind angekommen',
      message: 'In der letzten Minute angekommen: 154 Kopien von 30 Seiten und 400 Kopien im Ordner „Dev“. Klicken Sie, um sie auf der Seite „Duplikate“ zu sehen.',
    });
  });

  it('names a folder without a title as such and shortens a long title, as plain text', () => {
    const long = `<b>${'x'.repeat(100)}</b>`;
    const { message } = describeArrival({
      loose: { copies: 0, pages: 0 },
      folders: [
        { title: '', copies: 30 },
        { title: long, copies: 20 },
      ],
      total: 50,
    });
    expect(message).toBe(
      `30 copies in the folder “(untitled folder)” and 20 copies in the folder “${long.slice(0, 59)}…” arrived in the last minute. Click to see them on the Duplicates page.`,
    );
  });

  describe('copies that came back after a cleanup', () => {
    // Noon UTC: the same day in every time zone the tests run in.
    const dec3 = Date.UTC(2026, 11, 3, 12);
    const dec5 = Date.UTC(2026, 11, 5, 12);
    const count = { loose: { copies: 1_587, pages: 300 }, folders: [], total: 1_587 };

    it('says how many came back and the day they were removed, before what arrived', () => {
      expect(describeArrival({ ...count, cameBack: { copies: 1_587, firstRemovedAt: dec3, lastRemovedAt: dec3 + 3_600_000 } })).toEqual({
        title: 'Copies you removed came back',
        message:
          '1,587 copies that you removed on December 3, 2026 came back. 1,587 copies of 300 pages arrived in the last minute. Click to see them on the Duplicates page.',
      });
      expect(cameBackSentence({ ...count, cameBack: { copies: 1, firstRemovedAt: dec3, lastRemovedAt: dec5 } })).toBe(
        '1 copy that you removed between December 3, 2026 and December 5, 2026 came back.',
      );
      expect(cameBackSentence(count)).toBe('');
    });

    it('in German', () => {
      useCatalog(deMessages, 'de');
      expect(describeArrival({ ...count, cameBack: { copies: 1_587, firstRemovedAt: dec3, lastRemovedAt: dec3 } })).toEqual({
        title: 'Entfernte Kopien sind zurückgekommen',
        message:
          '1.587 Kopien, die Sie am 3. Dezember 2026 entfernt haben, sind zurückgekommen. In der letzten Minute angekommen: 1.587 Kopien von 300 Seiten. Klicken Sie, um sie auf der Seite „Duplikate“ zu sehen.',
      });
      expect(cameBackSentence({ ...count, cameBack: { copies: 2, firstRemovedAt: dec3, lastRemovedAt: dec5 } })).toBe(
        '2 Kopien, die Sie zwischen dem 3. Dezember 2026 und dem 5. Dezember 2026 entfernt haben, sind zurückgekommen.',
      );
    });
  });
});
