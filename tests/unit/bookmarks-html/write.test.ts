import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { say } from '../../../src/i18n';
import { parseBookmarksHtml } from '../../../src/bookmarks-html/parse';
import { MAX_INDENT_LEVEL, writeBookmarksHtml } from '../../../src/bookmarks-html/write';
import { countDocument, type BookmarksDocument, type HtmlNode } from '../../../src/bookmarks-html/document';

const firefoxExport = readFileSync(resolve(import.meta.dirname, 'fixtures/firefox-export.html'), 'utf8');

describe('writeBookmarksHtml', () => {
  it('writes Firefox’s header, heading and special folder markers', () => {
    const html = writeBookmarksHtml({
      title: 'Bookmarks Menu',
      children: [
        { kind: 'folder', title: 'Bookmarks Toolbar', root: 'toolbar', addDate: 1_700_000_000_000, children: [] },
        { kind: 'folder', title: 'Other Bookmarks', root: 'unfiled', children: [] },
      ],
    });
    expect(html.startsWith('<!DOCTYPE NETSCAPE-Bookmark-file-1>\n')).toBe(true);
    expect(html).toContain('<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">');
    expect(html).toContain('<H1>Bookmarks Menu</H1>');
    expect(html).toContain('<DT><H3 ADD_DATE="1700000000" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks Toolbar</H3>');
    expect(html).toContain('<DT><H3 UNFILED_BOOKMARKS_FOLDER="true">Other Bookmarks</H3>');
    expect(html.trimEnd().endsWith('</DL>')).toBe(true);
  });

  it('writes a bookmark line as Firefox does: HREF, dates in seconds, SHORTCUTURL, TAGS, then <DD>', () => {
    const html = writeBookmarksHtml({
      title: 'B',
      children: [
        {
          kind: 'bookmark',
          title: 'A & <B>',
          url: 'https://a.example/?x=1&y="2"',
          addDate: 1_700_000_000_999,
          lastModified: 1_700_000_001_000,
          keyword: 'kw',
          tags: ['one', 'two'],
          description: 'line one\nline two',
        },
      ],
    });
    expect(html).toContain(
      '    <DT><A HREF="https://a.example/?x=1&amp;y=&quot;2&quot;" ADD_DATE="1700000000" LAST_MODIFIED="1700000001" SHORTCUTURL="kw" TAGS="one,two">A &amp; &lt;B&gt;</A>\n    <DD>line one line two\n',
    );
  });

  it('never lets a title or URL inject markup (escaped text only)', () => {
    const evil = '</A></DL><script>alert(1)</script><DL><DT><A HREF="javascript:x">';
    const html = writeBookmarksHtml({ title: evil, children: [{ kind: 'bookmark', title: evil, url: 'https://e.example/', tags: [evil.replace(/,/g, '')] }] });
    expect(html).not.toContain('<script>');
    const { document } = parseBookmarksHtml(html);
    expect(document.children).toHaveLength(1);
    expect(document.children[0]).toMatchObject({ title: evil });
  });

  it('re-writing Firefox’s export and parsing it gives the same document (icons are not written)', () => {
    const first = parseBookmarksHtml(firefoxExport).document;
    const again = parseBookmarksHtml(writeBookmarksHtml(first)).document;
    const withoutIcons = JSON.parse(JSON.stringify(first, (key, value: unknown) => (key === 'icon' ? undefined : value))) as BookmarksDocument;
    expect(again).toEqual(withoutIcons);
  });

  it('indents four spaces per level like Firefox, down to MAX_INDENT_LEVEL levels', () => {
    let node: HtmlNode = { kind: 'bookmark', title: 'leaf', url: 'https://leaf.example/', tags: [] };
    for (let i = 0; i < 40; i++) node = { kind: 'folder', title: `L${39 - i}`, children: [node] };
    const lines = writeBookmarksHtml({ title: 'B', children: [node] }).split('\n');
    const indentOf = (needle: string) => lines.find((l) => l.includes(needle))!.match(/^ */)![0].length;
    expect(indentOf('>L0<')).toBe(4);
    expect(indentOf('>L5<')).toBe(24);
    expect(indentOf(`>L${MAX_INDENT_LEVEL - 1}<`)).toBe(4 * MAX_INDENT_LEVEL);
    expect(indentOf('>L39<')).toBe(4 * MAX_INDENT_LEVEL);
    expect(indentOf('>leaf<')).toBe(4 * MAX_INDENT_LEVEL);
  });

  it('regression: a 3,000-deep tree exports in 1.3 MB (it was 54 MB of indentation), growing linearly with depth, and reads back', () => {
    const deep = (depth: number) => {
      let node: HtmlNode = { kind: 'bookmark', title: 'leaf', url: 'https://leaf.example/', tags: [] };
      for (let i = 0; i < depth; i++) node = { kind: 'folder', title: `L${depth - 1 - i}`, addDate: 1_700_000_000_000, children: [node] };
      return writeBookmarksHtml({ title: 'B', children: [node] });
    };
    const html = deep(3000);
    expect(html.length).toBeLessThan(2_000_000);
    expect(html.length / deep(750).length).toBeLessThan(4.5); // linear; four spaces per level without a cap is quadratic
    const { document, notices } = parseBookmarksHtml(html);
    expect(countDocument(document.children)).toMatchObject({ bookmarks: 1, folders: 3000 });
    expect(say(notices[0]!.message)).toMatch(/nested deeper than 254 levels/);
  });
});

// Property: parse(write(doc)) equals doc for any document the writer can be given: titles exactly as they are
// (any Unicode but U+0000, which HTML cannot carry, and lone surrogates, which UTF-8 cannot); descriptions and the
// document's heading trimmed and on one line; dates whole seconds.
const titleChar = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'a',
      'B',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r',
      '\r\n',
      '\u00a0',
      '\u2003',
      '\ufeff',
      '&',
      '<',
      '>',
      '"',
      "'",
      ';',
      '#',
      '=',
      '/',
      '<->',
      '</a>',
      '</ABBR>',
      '<b>',
      '<!--',
      '-->',
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom('&amp;', '&lt;', '&eacute;', '&eacute', '&nbsp;', '&#32;', '&#x41;', '&#150;', '&copy2', '&NotAnEntity;') },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 2 }) },
);
const title = fc.array(titleChar, { maxLength: 12 }).map((parts) => parts.join('').replaceAll('\0', ''));
const text = fc
  .string({ unit: fc.constantFrom('a', 'B', ' ', '&', '<', '>', '"', "'", 'é', '日', '😀', ';', '#', '=', '/'), maxLength: 20 })
  .map((s) => s.replace(/\s+/g, ' ').trim());
const date = fc.option(
  fc.integer({ min: 0, max: 4_000_000_000 }).map((s) => s * 1000),
  { nil: undefined },
);
const tag = fc
  .string({ unit: fc.constantFrom('x', 'Y', 'ß', '&', '"', ' ', '<'), minLength: 1, maxLength: 8 })
  .map((s) => s.trim())
  .filter((s) => s.length > 0);
const url = fc.webUrl({ withQueryParameters: true, withFragments: true }).filter((u) => {
  try {
    new URL(u);
    return u.trim() === u;
  } catch {
    return false;
  }
});

const bookmarkArb = fc.record(
  {
    kind: fc.constant('bookmark' as const),
    title,
    url,
    addDate: date,
    lastModified: date,
    tags: fc.uniqueArray(tag, { maxLength: 3, selector: (t) => t.toLowerCase() }),
    keyword: fc.option(fc.stringMatching(/^[a-z0-9]{1,6}$/), { nil: undefined }),
    description: fc.option(
      text.filter((t) => t.length > 0),
      { nil: undefined },
    ),
  },
  { requiredKeys: ['kind', 'title', 'url', 'tags'] },
);

const { node: nodeArb } = fc.letrec<{ node: HtmlNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    bookmarkArb as fc.Arbitrary<HtmlNode>,
    fc.constant({ kind: 'separator' } as HtmlNode),
    fc.record(
      {
        kind: fc.constant('folder' as const),
        title,
        addDate: date,
        lastModified: date,
        description: fc.option(
          text.filter((t) => t.length > 0),
          { nil: undefined },
        ),
        root: fc.option(fc.constantFrom('toolbar' as const, 'unfiled' as const, 'mobile' as const), { nil: undefined }),
        children: fc.array(tie('node'), { maxLength: 4 }),
      },
      { requiredKeys: ['kind', 'title', 'children'] },
    ) as fc.Arbitrary<HtmlNode>,
  ),
}));

/** Drops undefined fields, as a parsed document has none. */
function clean<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

describe('round trip', () => {
  it('parse(write(document)) gives the document back', () => {
    fc.assert(
      fc.property(fc.record({ title: text, children: fc.array(nodeArb, { maxLength: 6 }) }), (doc: BookmarksDocument) => {
        const expected = clean(doc);
        expect(parseBookmarksHtml(writeBookmarksHtml(expected)).document).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });
});
