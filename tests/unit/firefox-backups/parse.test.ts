import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_TITLE_LENGTH, MAX_URL_LENGTH, parseFirefoxBackup } from '../../../src/firefox-backups/parse';
import { BackupFileError } from '../../../src/firefox-backups/problems';

const firefoxJson = () => readFileSync(resolve(import.meta.dirname, 'fixtures/firefox-backup.json'), 'utf8');

function problemCode(text: string): string {
  try {
    parseFirefoxBackup(text);
  } catch (error) {
    if (error instanceof BackupFileError) return error.problem.code;
    throw error;
  }
  return 'none';
}

const root = (children: unknown[]) => ({ guid: 'root________', title: '', typeCode: 2, type: 'text/x-moz-place-container', root: 'placesRoot', children });
const folder = (title: string, children: unknown[], extra: object = {}) => ({ typeCode: 2, title, children, ...extra });
const bookmark = (title: string, uri: string, extra: object = {}) => ({ typeCode: 1, title, uri, ...extra });

describe('parseFirefoxBackup', () => {
  it('reads the backup Firefox wrote: types, GUIDs, titles, addresses, dates in ms, tags, keyword, roots, order', () => {
    const tree = parseFirefoxBackup(firefoxJson());
    // The 16 Firefox wrote into the file's name: every item, the root and its folders included.
    expect(tree.counts).toEqual({ items: 16, bookmarks: 7, folders: 8, separators: 1 });
    expect(tree.skipped).toBe(0);
    const byTitle = (title: string) => tree.items.find((i) => i.title === title)!;
    expect(tree.items[0]).toMatchObject({ kind: 'folder', guid: 'root________', parent: -1, depth: 0, root: 'placesRoot' });
    expect(tree.items.filter((i) => i.depth === 1).map((i) => i.root)).toEqual(['bookmarksMenuFolder', 'toolbarFolder', 'unfiledBookmarksFolder', 'mobileFolder']);
    const example = byTitle('Example');
    expect(example).toMatchObject({ kind: 'bookmark', guid: 'Yg5BIsIcWxAN', url: 'https://example.com/', tags: ['a tag', 'work'], keyword: 'ex', position: 0, depth: 2 });
    expect(example.dateAdded).toBe(1796647800072);
    expect(tree.items[example.parent]!.root).toBe('toolbarFolder');
    const dev = byTitle('Dev');
    expect(tree.items.filter((i) => i.parent === tree.items.indexOf(dev)).map((i) => [i.kind, i.title, i.position])).toEqual([
      ['bookmark', 'MDN', 0],
      ['separator', '', 1],
      ['folder', 'Empty', 2],
    ]);
    expect(byTitle('Ünïcode \u202e title').url).toBe('https://example.org/%C3%BC');
    expect(tree.latest).toBe(1796647800094);
  });

  it('orders children by their index as Firefox does on restore', () => {
    const tree = parseFirefoxBackup(
      JSON.stringify(root([folder('menu', [bookmark('second', 'https://b/', { index: 1 }), bookmark('first', 'https://a/', { index: 0 })])])),
    );
    expect(tree.items.slice(2).map((i) => [i.title, i.position])).toEqual([
      ['first', 0],
      ['second', 1],
    ]);
  });

  it('refuses what is not JSON, and JSON that is not Firefox’s backup format', () => {
    expect(problemCode('')).toBe('not-json');
    expect(problemCode('{"children": [')).toBe('not-json');
    expect(problemCode('<!DOCTYPE NETSCAPE-Bookmark-file-1>')).toBe('not-json');
    expect(problemCode('[]')).toBe('not-firefox');
    expect(problemCode('null')).toBe('not-firefox');
    expect(problemCode('{"tags": [{"tag": "a"}]}')).toBe('not-firefox');
    expect(problemCode(JSON.stringify({ typeCode: 2, children: 'many' }))).toBe('not-firefox');
  });

  it('leaves out and counts entries of the wrong types, without throwing', () => {
    const tree = parseFirefoxBackup(
      JSON.stringify(
        root([
          folder('menu', [
            42,
            null,
            'text',
            [bookmark('in an array', 'https://a/')],
            { typeCode: 9, title: 'unknown type' },
            bookmark('no address', ''),
            { typeCode: 1, title: 'address not text', uri: { href: 'https://x/' } },
            bookmark('fine', 'https://fine/', { guid: 12, title: 7, dateAdded: 'yesterday', lastModified: -5, tags: ['a'], keyword: 3 }),
            folder('children not a list', 'nope' as unknown as unknown[]),
          ]),
        ]),
      ),
    );
    expect(tree.skipped).toBe(7);
    const fine = tree.items.find((i) => i.url === 'https://fine/')!;
    expect(fine).toMatchObject({ guid: null, title: '', dateAdded: null, lastModified: null, tags: [], keyword: null });
    expect(tree.items.find((i) => i.title === 'children not a list')).toMatchObject({ kind: 'folder' });
    expect(tree.counts).toEqual({ items: 4, bookmarks: 1, folders: 3, separators: 0 });
  });

  it('bounds huge strings as Places does: titles clipped, overlong addresses and tags left out', () => {
    const tree = parseFirefoxBackup(
      JSON.stringify(
        root([
          bookmark('t'.repeat(1_000_000), 'https://long-title/', { tags: `ok,${'x'.repeat(101)},,ok,also` }),
          bookmark('long address', `https://a/${'a'.repeat(MAX_URL_LENGTH)}`),
        ]),
      ),
    );
    const item = tree.items.find((i) => i.url === 'https://long-title/')!;
    expect(item.title.length).toBe(MAX_TITLE_LENGTH);
    expect(item.tags).toEqual(['ok', 'also']);
    expect(tree.skipped).toBe(1);
  });

  it('reads a 10,000-deep folder chain without recursion', () => {
    // Written as text: JSON.stringify itself recurses and overflows at this depth.
    const open = Array.from({ length: 10_000 }, (_, i) => `{"typeCode":2,"title":"f${i}","children":[`).join('');
    const text = `{"typeCode":2,"root":"placesRoot","children":[${open}${JSON.stringify(bookmark('bottom', 'https://deep.example/'))}${']}'.repeat(10_000)}]}`;
    const tree = parseFirefoxBackup(text);
    expect(tree.counts).toEqual({ items: 10_002, bookmarks: 1, folders: 10_001, separators: 0 });
    const bottom = tree.items.at(-1)!;
    expect(bottom).toMatchObject({ title: 'bottom', depth: 10_001, parent: 10_000 });
  });

  it('counts bookmarks in the legacy tags folder as items, not as bookmarks', () => {
    const tree = parseFirefoxBackup(
      JSON.stringify(
        root([
          folder('menu', [bookmark('a', 'https://a/')], { root: 'bookmarksMenuFolder' }),
          folder('tags', [folder('work', [bookmark('', 'https://a/')])], { root: 'tagsFolder' }),
        ]),
      ),
    );
    expect(tree.counts).toEqual({ items: 6, bookmarks: 1, folders: 4, separators: 0 });
  });
});
