/**
 * Parser of Netscape bookmark files (bookmarks.html), as Firefox, Chrome and most tools write them:
 *
 *   <DL><p>
 *     <DT><H3 ADD_DATE="…" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks Toolbar</H3>
 *     <DD>folder description
 *     <DL><p> …children… </DL><p>
 *     <DT><A HREF="…" ADD_DATE="…" LAST_MODIFIED="…" SHORTCUTURL="kw" TAGS="a,b">Title</A>
 *     <DD>bookmark description
 *     <HR>
 *   </DL>
 *
 * The format is loose HTML, so the parser is lenient about what it does not need (<p>, <DT>, unknown tags and
 * attributes, case, quoting) and strict about what shows damage: a file that is not a bookmark file, a tag,
 * comment or quoted value that never ends, an <A>/<H3> without its end tag, or folders still open at the end
 * (a truncated file) throw a BookmarksHtmlError with the line, so a damaged file is refused as a whole.
 * Entries with an unusable URL are not errors: they are returned in `problems` and left out.
 */
import { AppError } from '../messaging/errors';
import type { BookmarksDocument, HtmlBookmark, HtmlFolder, HtmlNode, RootMarker } from './document';
import { decodeEntities } from './entities';

export class BookmarksHtmlError extends AppError {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super('invalid-input', `${message} (line ${line}). Nothing was imported.`);
    this.name = 'BookmarksHtmlError';
  }
}

export interface ParseProblem {
  line: number;
  message: string;
}

export interface ParseResult {
  document: BookmarksDocument;
  /** Entries left out (e.g. a bookmark without a usable URL), with their line. */
  problems: ParseProblem[];
}

interface Tag {
  name: string; // lower case, '/dl' for end tags
  attrs: Map<string, string>; // names lower case, values decoded
  start: number;
  end: number; // index after '>'
}

const isNameChar = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 58 || c === 46 || c === 45;
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 12;

/** Seconds (as Firefox writes) to ms; tolerates ms and µs values some tools write. */
export function parseDate(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,17}$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  if (n > 1e14) return Math.floor(n / 1000); // microseconds (PRTime)
  if (n > 1e11) return n; // already milliseconds
  return n * 1000;
}

export function splitTags(value: string | undefined): string[] {
  if (!value) return [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of value.split(',')) {
    const tag = raw.trim();
    if (!tag || tag.length > 100 || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

function isUsableUrl(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

export function parseBookmarksHtml(text: string): ParseResult {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let pos = 0;

  // Line numbers, computed only when needed.
  const lineAt = (index: number) => {
    let line = 1;
    for (let i = src.indexOf('\n'); i !== -1 && i < index; i = src.indexOf('\n', i + 1)) line++;
    return line;
  };
  const fail = (message: string, at: number): never => {
    throw new BookmarksHtmlError(message, lineAt(at));
  };

  /** Reads the tag starting at src[pos] === '<'. Returns null for comments and declarations. */
  const readTag = (): Tag | null => {
    const start = pos;
    if (src.startsWith('<!--', pos)) {
      const close = src.indexOf('-->', pos + 4);
      if (close === -1) fail('The file ends inside a comment: it looks truncated', start);
      pos = close + 3;
      return null;
    }
    if (src[pos + 1] === '!' || src[pos + 1] === '?') {
      const close = src.indexOf('>', pos);
      if (close === -1) fail('The file ends inside a declaration: it looks truncated', start);
      pos = close + 1;
      return null;
    }
    let i = pos + 1;
    const isEnd = src[i] === '/';
    if (isEnd) i++;
    const nameStart = i;
    while (i < src.length && isNameChar(src.charCodeAt(i))) i++;
    if (i === nameStart) {
      // A lone '<' in text (e.g. "a < b" written unescaped): treat it as text.
      pos = start + 1;
      return { name: '#text-lt', attrs: new Map(), start, end: start + 1 };
    }
    const name = (isEnd ? '/' : '') + src.slice(nameStart, i).toLowerCase();
    const attrs = new Map<string, string>();
    for (;;) {
      while (i < src.length && isSpace(src.charCodeAt(i))) i++;
      if (i >= src.length) fail(`The file ends inside the tag <${name.toUpperCase()}>: it looks truncated`, start);
      const c = src[i]!;
      if (c === '>') {
        i++;
        break;
      }
      if (c === '/' && src[i + 1] === '>') {
        i += 2;
        break;
      }
      const attrStart = i;
      while (i < src.length && !isSpace(src.charCodeAt(i)) && src[i] !== '=' && src[i] !== '>' && !(src[i] === '/' && src[i + 1] === '>')) i++;
      const attrName = src.slice(attrStart, i).toLowerCase();
      if (!attrName) {
        i++; // a stray character such as a lone quote: skip it
        continue;
      }
      while (i < src.length && isSpace(src.charCodeAt(i))) i++;
      if (src[i] !== '=') {
        attrs.set(attrName, '');
        continue;
      }
      i++;
      while (i < src.length && isSpace(src.charCodeAt(i))) i++;
      const quote = src[i];
      let value: string;
      if (quote === '"' || quote === "'") {
        const close = src.indexOf(quote, i + 1);
        if (close === -1) fail(`The value of ${attrName.toUpperCase()} never ends: the file looks truncated or damaged`, attrStart);
        value = src.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < src.length && !isSpace(src.charCodeAt(i)) && src[i] !== '>') i++;
        value = src.slice(valueStart, i);
      }
      if (!attrs.has(attrName)) attrs.set(attrName, decodeEntities(value));
    }
    pos = i;
    return { name, attrs, start, end: i };
  };

  /** Text up to the end tag `</name>` (markup inside is dropped), decoded and trimmed. */
  const readTextUntilEnd = (name: string, openedAt: number): string => {
    // A case-insensitive search from pos (not src.toLowerCase(), which can change the string's length).
    const endTag = new RegExp(`</${name}`, 'gi');
    endTag.lastIndex = pos;
    const close = endTag.exec(src)?.index ?? -1;
    if (close === -1) fail(`<${name.toUpperCase()}> is never closed: the file looks truncated`, openedAt);
    const raw = src.slice(pos, close).replace(/<[^>]*>/g, '');
    const gt = src.indexOf('>', close);
    if (gt === -1) fail(`The file ends inside </${name.toUpperCase()}>: it looks truncated`, close);
    pos = gt + 1;
    return decodeEntities(raw).replace(/\s+/g, ' ').trim();
  };

  /** Text up to the next tag (for <DD>). */
  const readLooseText = (): string => {
    const next = src.indexOf('<', pos);
    const end = next === -1 ? src.length : next;
    const raw = src.slice(pos, end);
    pos = end;
    return decodeEntities(raw).trim();
  };

  const document: BookmarksDocument = { title: '', children: [] };
  const problems: ParseProblem[] = [];
  const top: HtmlFolder = { kind: 'folder', title: '', children: document.children };
  /** Open containers; stack[0] is the file's top. A <DL> without a heading reuses the current container. */
  const stack: { folder: HtmlFolder; openedAt: number }[] = [];
  let sawTopList = false;
  let sawDoctype = false;
  let pendingFolder: HtmlFolder | null = null;
  /** The item a following <DD> describes. */
  let lastItem: HtmlBookmark | HtmlFolder | null = null;

  const current = () => stack[stack.length - 1]?.folder ?? top;

  while (pos < src.length) {
    const lt = src.indexOf('<', pos);
    if (lt === -1) break;
    pos = lt;
    if (src[pos + 1] === '!' && /^<!doctype\s+netscape-bookmark-file/i.test(src.slice(pos, pos + 40))) sawDoctype = true;
    const tag = readTag();
    if (!tag) continue;
    switch (tag.name) {
      case 'h1':
        document.title = readTextUntilEnd('h1', tag.start);
        break;
      case 'h3': {
        const title = readTextUntilEnd('h3', tag.start);
        const folder: HtmlFolder = { kind: 'folder', title, children: [] };
        const addDate = parseDate(tag.attrs.get('add_date'));
        const lastModified = parseDate(tag.attrs.get('last_modified'));
        if (addDate !== undefined) folder.addDate = addDate;
        if (lastModified !== undefined) folder.lastModified = lastModified;
        const root: RootMarker | undefined = tag.attrs.get('personal_toolbar_folder') === 'true'
          ? 'toolbar'
          : tag.attrs.get('unfiled_bookmarks_folder') === 'true'
            ? 'unfiled'
            : tag.attrs.get('mobile_bookmarks_folder') === 'true'
              ? 'mobile'
              : undefined;
        if (root) folder.root = root;
        current().children.push(folder);
        pendingFolder = folder;
        lastItem = folder;
        break;
      }
      case 'dl':
        if (pendingFolder) {
          stack.push({ folder: pendingFolder, openedAt: tag.start });
          pendingFolder = null;
        } else {
          stack.push({ folder: current(), openedAt: tag.start });
        }
        sawTopList = true;
        lastItem = null;
        break;
      case '/dl':
        if (!stack.length) fail('</DL> closes a folder that was never opened: the file is damaged', tag.start);
        stack.pop();
        pendingFolder = null;
        lastItem = null;
        break;
      case 'a': {
        const openedAt = tag.start;
        const title = readTextUntilEnd('a', openedAt);
        pendingFolder = null;
        const href = tag.attrs.get('href')?.trim() ?? '';
        if (!href || !isUsableUrl(href)) {
          problems.push({ line: lineAt(openedAt), message: href ? `"${title || href}" has an unusable address (${href.slice(0, 200)}).` : `"${title}" has no address.` });
          lastItem = null;
          break;
        }
        const bookmark: HtmlBookmark = { kind: 'bookmark', title, url: href, tags: splitTags(tag.attrs.get('tags')) };
        const addDate = parseDate(tag.attrs.get('add_date'));
        const lastModified = parseDate(tag.attrs.get('last_modified'));
        if (addDate !== undefined) bookmark.addDate = addDate;
        if (lastModified !== undefined) bookmark.lastModified = lastModified;
        const keyword = tag.attrs.get('shortcuturl')?.trim();
        if (keyword) bookmark.keyword = keyword;
        current().children.push(bookmark);
        lastItem = bookmark;
        break;
      }
      case 'hr':
        pendingFolder = null;
        current().children.push({ kind: 'separator' });
        lastItem = null;
        break;
      case 'dd': {
        const text = readLooseText();
        if (text && lastItem) lastItem.description = text;
        lastItem = null;
        break;
      }
      default:
        // <DT>, <p>, <META>, <TITLE>, end tags we do not need, unknown tags: nothing to do.
        break;
    }
  }

  if (!sawTopList) {
    fail(
      sawDoctype
        ? 'The bookmark file has no list of bookmarks (<DL>): it looks truncated'
        : 'This is not a bookmarks.html file (no NETSCAPE-Bookmark-file doctype and no <DL> list)',
      src.length,
    );
  }
  if (stack.length) {
    const open = stack[stack.length - 1]!;
    const where = open.folder === top ? 'the top list' : `the folder "${open.folder.title}"`;
    fail(`The file ends while ${where} is still open: it looks truncated`, src.length);
  }
  return { document, problems };
}

export type { HtmlNode };
