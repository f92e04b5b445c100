import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBookmarksHtml, parseDate, splitTags, BookmarksHtmlError } from '../../../src/bookmarks-html/parse';
import { countDocument, type HtmlBookmark, type HtmlFolder } from '../../../src/bookmarks-html/document';

const firefoxExport = readFileSync(resolve(import.meta.dirname, 'fixtures/firefox-export.html'), 'utf8');

function folder(node: unknown): HtmlFolder {
  expect((node as HtmlFolder).kind).toBe('folder');
  return node as HtmlFolder;
}
function bookmark(node: unknown): HtmlBookmark {
  expect((node as HtmlBookmark).kind).toBe('bookmark');
  return node as HtmlBookmark;
}

describe('parseBookmarksHtml: Firefox export format', () => {
  const { document, problems } = parseBookmarksHtml(firefoxExport);

  it('reads the heading and the top list in order', () => {
    expect(document.title).toBe('Bookmarks Menu');
    expect(document.children.map((n) => n.kind)).toEqual(['bookmark', 'folder', 'separator', 'folder', 'folder']);
    expect(problems).toEqual([]);
  });

  it('reads a bookmark with dates, keyword, tags and description (entities decoded)', () => {
    expect(document.children[0]).toEqual({
      kind: 'bookmark',
      title: 'MDN Web Docs',
      url: 'https://developer.mozilla.org/en-US/docs/Web',
      addDate: 1_700_000_000_000,
      lastModified: 1_700_000_100_000,
      keyword: 'mdn',
      tags: ['docs', 'web'],
      description: "The web's reference & guides",
    });
  });

  it('reads folders with children, separators inside and nested empty folders', () => {
    const firefox = folder(document.children[1]);
    expect(firefox.title).toBe('Mozilla Firefox');
    expect(firefox.children.map((n) => n.kind)).toEqual(['bookmark', 'bookmark', 'separator', 'bookmark']);
    expect(bookmark(firefox.children[3]).tags).toEqual(['mozilla']);
    const toolbar = folder(document.children[3]);
    const dev = folder(toolbar.children[1]);
    expect(dev.title).toBe('Dev');
    expect(folder(dev.children[1])).toMatchObject({ title: 'Empty', children: [] });
  });

  it('recognizes the toolbar and Other Bookmarks folders and a folder description', () => {
    const toolbar = folder(document.children[3]);
    expect(toolbar.root).toBe('toolbar');
    expect(toolbar.description).toMatch(/^Add bookmarks to this folder/);
    expect(folder(document.children[4]).root).toBe('unfiled');
    expect(folder(document.children[1]).root).toBeUndefined();
  });

  it('decodes entities in URLs and titles', () => {
    const search = bookmark(folder(document.children[3]).children[0]);
    expect(search.url).toBe('https://example.com/search?q=a&b=%22c%22');
    expect(search.title).toBe('Search <"quotes"> & more');
  });

  it('keeps non-ASCII titles, URLs and tags', () => {
    const jp = bookmark(folder(document.children[4]).children[1]);
    expect(jp).toMatchObject({ title: '日本語のタイトル', url: 'https://例え.jp/パス', tags: ['ünïcode'] });
  });

  it('counts what it read', () => {
    expect(countDocument(document.children)).toEqual({ bookmarks: 8, folders: 5, separators: 2, taggedBookmarks: 5 });
  });
});

describe('parseBookmarksHtml: other writers and loose HTML', () => {
  it('accepts lower case, single quotes, unquoted values and a BOM', () => {
    const html = "\ufeff<!doctype netscape-bookmark-file-1><dl><p><dt><a href='https://a.example/' add_date=1600000000 tags=x>A</a></dl>";
    const { document } = parseBookmarksHtml(html);
    expect(document.children).toEqual([{ kind: 'bookmark', title: 'A', url: 'https://a.example/', addDate: 1_600_000_000_000, tags: ['x'] }]);
  });

  it('accepts a file without the doctype when it has a list (Chrome-like writers)', () => {
    const { document } = parseBookmarksHtml('<DL><DT><H3>F</H3><DL><DT><A HREF="https://b.example/">B</A></DL></DL>');
    expect(folder(document.children[0]).children).toHaveLength(1);
  });

  it('a heading not followed by a list is an empty folder', () => {
    const { document } = parseBookmarksHtml('<DL><DT><H3>Lonely</H3><DT><A HREF="https://c.example/">C</A></DL>');
    expect(document.children.map((n) => n.kind)).toEqual(['folder', 'bookmark']);
    expect(folder(document.children[0]).children).toEqual([]);
  });

  it('leaves out a bookmark with an unusable address and reports it with its line', () => {
    const { document, problems } = parseBookmarksHtml('<DL>\n<DT><A HREF="not a url">Bad</A>\n<DT><A>No href</A>\n<DT><A HREF="https://ok.example/">Ok</A>\n</DL>');
    expect(document.children).toHaveLength(1);
    expect(problems).toEqual([
      { line: 2, message: '"Bad" has an unusable address (not a url).' },
      { line: 3, message: '"No href" has no address.' },
    ]);
  });

  it('drops markup inside a title and collapses whitespace', () => {
    const { document } = parseBookmarksHtml('<DL><DT><A HREF="https://d.example/">  Hello <b>bold</b>\n world </A></DL>');
    expect(bookmark(document.children[0]).title).toBe('Hello bold world');
  });

  it('dedupes and trims TAGS, ignoring empties', () => {
    expect(splitTags(' a, b,,A , c ')).toEqual(['a', 'b', 'c']);
  });

  it('reads dates in seconds, milliseconds and microseconds', () => {
    expect(parseDate('1700000000')).toBe(1_700_000_000_000);
    expect(parseDate('1700000000123')).toBe(1_700_000_000_123);
    expect(parseDate('1700000000123456')).toBe(1_700_000_000_123);
    expect(parseDate('soon')).toBeUndefined();
  });

  it('parses 20,000 bookmarks in linear time (well under 2 s; a quadratic scan would take far longer)', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `<DT><A HREF="https://e.example/${i}" ADD_DATE="1700000000" TAGS="t${i % 10}">Item ${i}</A>`);
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${rows.join('\n')}\n</DL>`;
    const started = performance.now();
    const { document } = parseBookmarksHtml(html);
    expect(document.children).toHaveLength(20_000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('parseBookmarksHtml: malformed and truncated files are refused as a whole', () => {
  const cases: [string, string, RegExp][] = [
    ['plain text', 'hello, this is not a bookmark file', /not a bookmarks\.html file/],
    ['an HTML page', '<html><body><p>Hi</p></body></html>', /not a bookmarks\.html file/],
    ['doctype only', '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>', /no list of bookmarks/],
    ['truncated inside a folder', firefoxExport.slice(0, firefoxExport.indexOf('<DT><A HREF="https://github.com/"')), /folder "Dev" is still open: it looks truncated/],
    ['truncated before the last </DL>', firefoxExport.slice(0, firefoxExport.lastIndexOf('</DL>')), /top list is still open/],
    ['truncated inside a tag', firefoxExport.slice(0, firefoxExport.indexOf('ADD_DATE="1700000800"') + 5), /value of ADD_DATE never ends|ends inside the tag/],
    ['truncated inside a title', firefoxExport.slice(0, firefoxExport.indexOf('Hacker News') + 3), /<A> is never closed/],
    ['truncated inside a comment', '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<!-- This is', /inside a comment/],
    ['an extra </DL>', '<DL><DT><A HREF="https://a.example/">A</A></DL></DL>', /never opened/],
  ];
  for (const [name, html, message] of cases) {
    it(`refuses ${name} with a clear invalid-input error`, () => {
      let error: unknown;
      try {
        parseBookmarksHtml(html);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(BookmarksHtmlError);
      expect((error as BookmarksHtmlError).code).toBe('invalid-input');
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toMatch(/\(line \d+\)\. Nothing was imported\.$/);
    });
  }

  it('every cut of a Firefox export before its end is refused (never a partial import)', () => {
    const end = firefoxExport.lastIndexOf('</DL>');
    for (let cut = 0; cut < end; cut += 7) {
      expect(() => parseBookmarksHtml(firefoxExport.slice(0, cut)), `cut at ${cut}`).toThrow(BookmarksHtmlError);
    }
  });
});
