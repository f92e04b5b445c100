import { afterEach, describe, expect, it } from 'vitest';
import type { BackupDiff, ChangedItem } from '../../../../src/firefox-backups';
import { compareRows, pathText } from '../../../../src/options-ui/backups/compare-rows';
import { useCatalog } from '../../../../src/i18n';
import enMessages from '../../../../_locales/en/messages.json';
import deMessages from '../../../../_locales/de/messages.json';

afterEach(() => useCatalog(enMessages));

const folders = [
  { parent: -1, title: '', guid: 'root________' },
  { parent: 0, title: 'toolbar', guid: 'toolbar_____' },
  { parent: 1, title: 'Work', guid: 'aaaaaaaaaaaa' },
  { parent: 2, title: '', guid: 'bbbbbbbbbbbb' },
];
const item = (title: string, then: number, now: number): ChangedItem => ({ kind: 'bookmark', title, url: `https://${title}.example/`, then, now, date: null });
const empty = {
  added: [],
  removed: [],
  moved: [],
  renamed: [],
  readdressed: [],
  retagged: [],
  thenFolders: folders,
  nowFolders: folders,
  matchedById: 0,
  matchedByPath: 0,
};

describe('compareRows', () => {
  it('a heading per kind that has items, then its items by folder (where it is now; where it was, when removed)', () => {
    const diff: BackupDiff = { ...empty, added: [item('a', -1, 2), item('b', -1, 1), item('c', -1, 2)], removed: [item('d', 3, -1)] };
    expect(compareRows(diff).map((r) => (r.type === 'kind' ? `${r.kind} ${r.count}` : r.type === 'folder' ? `${r.side} ${r.folder}` : r.item.title))).toEqual([
      'added 3',
      'now 1',
      'b',
      'now 2',
      'a',
      'c',
      'removed 1',
      'then 3',
      'd',
    ]);
  });
});

describe('pathText', () => {
  it('names the root folders in the UI’s language and an untitled folder as such, the root left out', () => {
    expect(pathText(folders, 3)).toBe('Bookmarks Toolbar › Work › (untitled folder)');
    useCatalog(deMessages, 'de');
    expect(pathText(folders, 2)).toBe('Lesezeichen-Symbolleiste › Work');
  });
});
