import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBookmarksHtml, parseDate, splitTags, BookmarksHtmlError, MAX_FOLDER_DEPTH, type ParseProblem } from '../../../src/bookmarks-html/parse';
import { countDocument, type HtmlBookmark, type HtmlFolder } from '../../../src/bookmarks-html/document';
import { say } from '../../../src/i18n';

/** A problem as the page words it (in unit tests, English). */
const worded = (p: ParseProblem | null | undefined) => p && { line: p.line, message: say(p.message) };

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
      icon: true,
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

  it('a heading not followed by a list holds the entries after it, as Firefox reads it', () => {
    const { document, truncated } = parseBookmarksHtml('<DL><DT><H3>Lonely</H3><DT><A HREF="https://c.example/">C</A><DT><H3>Next</H3></DL>');
    expect(document.children.map((n) => n.kind)).toEqual(['folder', 'folder']);
    expect(folder(document.children[0]).children.map((n) => (n as HtmlBookmark).title)).toEqual(['C']);
    expect(truncated).toBeNull();
  });

  it('leaves out a bookmark with an unusable address and reports it with its line', () => {
    const { document, problems } = parseBookmarksHtml('<DL>\n<DT><A HREF="not a url">Bad</A>\n<DT><A>No href</A>\n<DT><A HREF="https://ok.example/">Ok</A>\n</DL>');
    expect(document.children).toHaveLength(1);
    expect(problems.map(worded)).toEqual([
      { line: 2, message: '"Bad" has an unusable address (not a url).' },
      { line: 3, message: '"No href" has no address.' },
    ]);
  });

  it('drops markup inside a title, keeps its text and trims the ends like Firefox', () => {
    const { document } = parseBookmarksHtml('<DL><DT><A HREF="https://d.example/">  Hello <b>bold</b> world </A></DL>');
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
});

describe('parseBookmarksHtml: files that are not bookmark files are refused', () => {
  const cases: [string, string, RegExp][] = [
    ['plain text', 'hello, this is not a bookmark file', /not a bookmarks\.html file/],
    ['an HTML page', '<html><body><p>Hi</p></body></html>', /not a bookmarks\.html file/],
    ['doctype only', '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>', /no list of bookmarks/],
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
});

describe('parseBookmarksHtml: a file that ends early is read up to the break and reported as truncated', () => {
  const cases: [string, string, RegExp, number][] = [
    ['inside a folder', firefoxExport.slice(0, firefoxExport.indexOf('<DT><A HREF="https://github.com/"')), /folder "Dev" is still open: it looks truncated/, 5],
    ['before the last </DL>', firefoxExport.slice(0, firefoxExport.lastIndexOf('</DL>')), /top list is still open/, 8],
    ['inside a tag', firefoxExport.slice(0, firefoxExport.indexOf('ADD_DATE="1700000800"') + 5), /value of ADD_DATE never ends|ends inside the tag/, 6],
    ['inside a title', firefoxExport.slice(0, firefoxExport.indexOf('Hacker News') + 3), /<A> is never closed/, 6],
    ['inside a comment', '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><DT><A HREF="https://a.example/">A</A>\n<!-- This is', /inside a comment/, 1],
  ];
  for (const [name, html, message, bookmarks] of cases) {
    it(`truncated ${name}: what was read, and the reason with its line`, () => {
      const { document, truncated } = parseBookmarksHtml(html);
      expect(worded(truncated)?.message).toMatch(message);
      expect(truncated?.line).toBeGreaterThan(0);
      expect(countDocument(document.children).bookmarks).toBe(bookmarks);
    });
  }

  it('every cut of a Firefox export before its end is refused or reported truncated (never silently partial)', () => {
    const end = firefoxExport.lastIndexOf('</DL>');
    for (let cut = 0; cut < end; cut += 7) {
      let truncated: unknown = null;
      try {
        truncated = parseBookmarksHtml(firefoxExport.slice(0, cut)).truncated;
      } catch (error) {
        expect(error, `cut at ${cut}`).toBeInstanceOf(BookmarksHtmlError);
        continue;
      }
      expect(truncated, `cut at ${cut}`).not.toBeNull();
    }
    expect(parseBookmarksHtml(firefoxExport).truncated).toBeNull();
  });

  it('regression: an extra closing </DL> is accepted (Firefox reads it), and entries after it too', () => {
    const { document, truncated, problems } = parseBookmarksHtml('<DL><DT><A HREF="https://a.example/">A</A></DL></DL>\n<DT><A HREF="https://b.example/">B</A>');
    expect(truncated).toBeNull();
    expect(problems).toEqual([]);
    expect(document.children.map((n) => (n as HtmlBookmark).title)).toEqual(['A', 'B']);
  });
});

/** A title as the parser reads it from `<DT><A HREF=…>raw</A>`. */
const linkTitle = (raw: string) => bookmark(parseBookmarksHtml(`<DL><DT><A HREF="https://t.example/">${raw}</A></DL>`).document.children[0]).title;

describe('parseBookmarksHtml: titles as Firefox’s own importer reads them', () => {
  // Each expectation is what Firefox ESR 153 made of the same markup (tests/e2e/import-export.e2e.ts checks the
  // fixture files against Firefox itself).
  it('regression: runs of whitespace, tabs, newlines and non-breaking spaces inside a title are kept', () => {
    expect(linkTitle('multi   space')).toBe('multi   space');
    expect(linkTitle('tab\t\there')).toBe('tab\t\there');
    expect(linkTitle('line\nbreak')).toBe('line\nbreak');
    expect(linkTitle('nbsp&nbsp;&nbsp;x')).toBe('nbsp\u00a0\u00a0x');
    expect(linkTitle('cr\r\nlf')).toBe('cr\nlf');
    expect(linkTitle('  lead\t\ttabs  ')).toBe('lead\t\ttabs');
    expect(linkTitle('\u00a0lit-nbsp\u00a0')).toBe('lit-nbsp');
  });

  it('regression: a closing tag that starts with </a (</ABBR>) does not end a title', () => {
    expect(linkTitle('x</ABBR>y')).toBe('xy');
    expect(linkTitle('x<abbr>ab</abbr>y')).toBe('xaby');
    expect(linkTitle('a</ b>c')).toBe('ac');
    expect(linkTitle('a</>b')).toBe('ab');
  });

  it('regression: < and > that are text stay in the title ("python <-> C bridge")', () => {
    expect(linkTitle('python <-> C bridge')).toBe('python <-> C bridge');
    expect(linkTitle('a < b > c')).toBe('a < b > c');
    expect(linkTitle('a <3 b')).toBe('a <3 b');
  });

  it('regression: named entities come from the full HTML table (Café — €5), legacy names and numeric references as HTML reads them', () => {
    expect(linkTitle('Caf&eacute; &mdash; &euro;5')).toBe('Café — €5');
    expect(linkTitle('legacy &eacute &copy2 &notit')).toBe('legacy é ©2 ¬it');
    expect(linkTitle('&#150; &#x41; &#0; &#xD800;')).toBe('– A \ufffd \ufffd');
    expect(linkTitle('&amp;amp; &lt;tag&gt;')).toBe('&amp; <tag>');
    expect(linkTitle('&NotANamedRef; &Aacute; semi&semi;')).toBe('&NotANamedRef; Á semi;');
    expect(linkTitle('x<!-- c -->y')).toBe('xy');
  });

  it('attribute values follow HTML’s attribute rules (&copy=2 stays, &amp; decodes)', () => {
    const { document } = parseBookmarksHtml('<DL><DT><A HREF="https://t.example/0?a=1&copy=2&amp;c=3&notx=4">T</A></DL>');
    expect(bookmark(document.children[0]).url).toBe('https://t.example/0?a=1&copy=2&c=3&notx=4');
  });

  it('folder titles are not trimmed (Firefox keeps them as written)', () => {
    const { document } = parseBookmarksHtml('<DL><DT><H3>  folder  spaced\t</H3><DL></DL><DT><H3>F &eacute; <b>b</b></H3><DL></DL></DL>');
    expect(document.children.map((n) => (n as HtmlFolder).title)).toEqual(['  folder  spaced\t', 'F é b']);
  });

  it('whitespace written as a character reference at a title’s edges is kept (how the export keeps it)', () => {
    expect(linkTitle('&#32;lead&#160;')).toBe(' lead\u00a0');
  });

  it('skips <TITLE>, <SCRIPT> and <STYLE> contents', () => {
    const { document } = parseBookmarksHtml(
      '<TITLE><DL><DT><A HREF="https://no.example/">x</A></TITLE><DL><DT><A HREF="https://yes.example/">Y<script>"</A>"</script></A></DL>',
    );
    expect(document.children).toEqual([{ kind: 'bookmark', title: 'Y', url: 'https://yes.example/', tags: [] }]);
  });

  it('a title whose </A> is missing ends at the next entry, with a notice', () => {
    const { document, notices } = parseBookmarksHtml('<DL>\n<DT><A HREF="https://a.example/">A\n<DT><A HREF="https://b.example/">B</A>\n</DL>');
    expect(document.children.map((n) => (n as HtmlBookmark).title)).toEqual(['A', 'B']);
    expect(notices.map(worded)).toEqual([{ line: 2, message: '<A> is not closed; its title was read up to <DT> on line 3.' }]);
  });
});

describe('parseBookmarksHtml: other formats Firefox reads', () => {
  it('a Pocket export (<ul><li><a href time_added tags>) is read with its tags and dates', () => {
    const pocket = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Pocket Export</title></head>
<body>
<h1>Unread</h1>
<ul>
<li><a href="https://getpocket.com/a" time_added="1600000000" tags="read,later">Article A</a></li>
<li><a href="https://getpocket.com/b" time_added="1600000100" tags="">Article B</a></li>
</ul>
<h1>Read Archive</h1>
<ul>
<li><a href="https://getpocket.com/c" time_added="1500000000" tags="old">Article C</a></li>
</ul>
</body></html>`;
    const { document, truncated, problems } = parseBookmarksHtml(pocket);
    expect(truncated).toBeNull();
    expect(problems).toEqual([]);
    expect(document.title).toBe('Unread');
    expect(document.children).toEqual([
      { kind: 'bookmark', title: 'Article A', url: 'https://getpocket.com/a', addDate: 1_600_000_000_000, tags: ['read', 'later'] },
      { kind: 'bookmark', title: 'Article B', url: 'https://getpocket.com/b', addDate: 1_600_000_100_000, tags: [] },
      { kind: 'bookmark', title: 'Article C', url: 'https://getpocket.com/c', addDate: 1_500_000_000_000, tags: ['old'] },
    ]);
  });
});

/** A file of folders nested `depth` levels deep with one bookmark at the bottom and one after the nest. */
function deepFile(depth: number): string {
  const parts = ['<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n'];
  for (let i = 0; i < depth; i++) parts.push(`<DT><H3>L${i}</H3>\n<DL><p>\n`);
  parts.push('<DT><A HREF="https://deep.example/">leaf</A>\n');
  for (let i = 0; i < depth; i++) parts.push('</DL><p>\n');
  parts.push('<DT><A HREF="https://after.example/">after</A>\n</DL>\n');
  return parts.join('');
}

describe('parseBookmarksHtml: deep and large files', () => {
  it(`keeps ${MAX_FOLDER_DEPTH} levels of folders as written`, () => {
    const { document, notices } = parseBookmarksHtml(deepFile(MAX_FOLDER_DEPTH));
    let node = folder(document.children[0]);
    for (let level = 1; level < MAX_FOLDER_DEPTH; level++) node = folder(node.children[0]);
    expect(node.title).toBe(`L${MAX_FOLDER_DEPTH - 1}`);
    expect(node.children).toEqual([{ kind: 'bookmark', title: 'leaf', url: 'https://deep.example/', tags: [] }]);
    expect(notices).toEqual([]);
  });

  it('regression: a 10,000-deep file is read (deeper folders flattened at level 254, as Firefox does), not "too much recursion"', () => {
    const { document, notices, truncated } = parseBookmarksHtml(deepFile(10_000));
    expect(truncated).toBeNull();
    expect(countDocument(document.children)).toMatchObject({ bookmarks: 2, folders: 10_000 });
    let node = folder(document.children[0]);
    for (let level = 1; level < MAX_FOLDER_DEPTH; level++) node = folder(node.children[0]);
    // The folder at level 254 holds the deeper folders (empty) and the bookmark that was at the bottom.
    expect(node.title).toBe('L253');
    expect(node.children).toHaveLength(10_000 - MAX_FOLDER_DEPTH + 1);
    expect(node.children.filter((n) => n.kind === 'folder').every((f) => (f as HtmlFolder).children.length === 0)).toBe(true);
    expect(node.children.at(-1)).toMatchObject({ kind: 'bookmark', title: 'leaf' });
    expect(document.children[1]).toMatchObject({ kind: 'bookmark', title: 'after' });
    expect(say(notices[0]!.message)).toMatch(/^9,746 folders are nested deeper than 254 levels/);
    expect(notices[0]!.line).toBe(3 + 2 * MAX_FOLDER_DEPTH); // the <H3> of L254
  });

  it('regression: checking a file with many unusable entries is linear (the work for 4n entries is about 4 times that for n)', () => {
    const file = (n: number) => {
      const rows = Array.from({ length: n }, (_, i) => `<DT><A HREF="not a url ${i}">Bad ${i}</A>`);
      return `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${rows.join('\n')}\n</DL>`;
    };
    const small = file(5_000);
    const large = file(20_000);
    expect(parseBookmarksHtml(small).problems).toHaveLength(5_000);
    expect(worded(parseBookmarksHtml(large).problems.at(-1))).toEqual({ line: 20_002, message: '"Bad 19999" has an unusable address (not a url 19999).' });
    // CPU time, not wall time: on a shared machine a parse that waits for a core is not a parse that does more work.
    const fastest = (html: string) => {
      let best = Infinity;
      for (let run = 0; run < 5; run++) {
        const started = process.cpuUsage();
        parseBookmarksHtml(html);
        const used = process.cpuUsage(started);
        best = Math.min(best, used.user + used.system);
      }
      return best;
    };
    fastest(small); // warm up
    const ratio = fastest(large) / fastest(small);
    // Linear work gives about 4; counting lines from the file's start for every problem gave about 16.
    expect(ratio).toBeLessThan(8);
  }, 60_000); // 16 parses of up to 20,000 entries: the default 5 s is not enough on a busy machine
});
