/**
 * Parser of Netscape bookmark files (bookmarks.html), as Firefox, Chrome, Safari, Pocket and most tools write them:
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
 * It reads a file the way Firefox's own importer does (toolkit/components/places/BookmarkHTMLUtils.sys.mjs: the
 * HTML parser, then a walk that keeps a stack of folder "frames"), so titles and the tree come out as Firefox makes
 * them, measured against Firefox ESR 153 by tests/e2e/import-export.e2e.ts:
 * - Markup is tokenized as HTML does: `<` starts a tag only before an ASCII letter, `/`, `!` or `?`, so
 *   "python <-> C bridge" and "a < b" stay text; a title ends at its own end tag (`</A>`, not `</ABBR>`); markup
 *   inside a title is dropped and its text kept; comments and `<TITLE>`/`<SCRIPT>`/`<STYLE>` contents are skipped.
 * - Character references are decoded with the full HTML table (the `entities` package: legacy names without
 *   semicolon in text, the attribute rules in attribute values, numeric references as HTML maps them).
 * - Whitespace is kept as written (CR LF becomes LF, as in HTML). A bookmark's title is trimmed like Firefox's
 *   (`String.prototype.trim`, which also takes non-breaking spaces), except whitespace written as a character
 *   reference: Tidymarks' export writes a title's edge whitespace as `&#32;`/`&#160;` so titles round-trip exactly.
 *   Folder titles are not trimmed (Firefox does not trim them either).
 * - Lists are `<DL>`, `<UL>` or `<MENU>` (Pocket writes `<ul><li><a href time_added tags>`); headings `<H2>`–`<H6>`
 *   make folders; an extra `</DL>` is ignored, as Firefox does.
 * - Folders nested deeper than MAX_FOLDER_DEPTH (254) levels are kept as Firefox keeps them: the deeper folders
 *   become empty folders inside the folder at level 254, and everything they held goes into that folder. (Firefox's
 *   HTML parser stops nesting elements at a fixed depth; with the <DT>/<DL> markup of an export that is 254 folder
 *   levels. Deeper trees made a 10,000-deep import fail with "too much recursion".) A notice says so.
 *
 * What it does not repair silently: a file that is not a bookmark file is refused (BookmarksHtmlError); a file that
 * ends early (folders still open, or inside a tag, a title, a comment or a quoted value) is returned with
 * `truncated` set and what was read before the break, so the caller can ask the person whether to import it.
 * Entries with an unusable URL are returned in `problems` and left out. Line numbers are counted once, forward
 * through the file (linear in the file's size whatever the number of problems).
 */
import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { AppError } from '../messaging/errors';
import type { BookmarksDocument, HtmlBookmark, HtmlFolder, HtmlNode, RootMarker } from './document';
import { isJsSpace } from './entities';
import { msg, msgPlural, say, t, type Msg } from '../i18n';

export class BookmarksHtmlError extends AppError {
  constructor(
    reason: Msg,
    readonly line: number,
  ) {
    super('invalid-input', t('importFileRefused', say(reason), line));
    this.name = 'BookmarksHtmlError';
  }
}

export interface ParseProblem {
  line: number;
  /** What is wrong, as data: the page words it in its locale (`say()` in src/i18n). */
  message: Msg;
}

export interface ParseResult {
  document: BookmarksDocument;
  /** Entries left out (e.g. a bookmark without a usable URL), with their line. */
  problems: ParseProblem[];
  /** Entries read, but not as written (folders nested too deep, a title whose end tag is missing). */
  notices: ParseProblem[];
  /** Set when the file ends early: `document` holds what was read before, the incomplete last entry left out. */
  truncated: ParseProblem | null;
}

/** The deepest folder nesting kept (levels below the file's top list); see the file comment. */
export const MAX_FOLDER_DEPTH = 254;

/** The refusal for a truncated file that the person did not agree to import. */
export function truncatedError(truncated: ParseProblem): BookmarksHtmlError {
  return new BookmarksHtmlError(truncated.message, truncated.line);
}

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

// HTML's whitespace inside tags (CR is normalized away before tokenizing).
const isTagSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 12;
const isAsciiAlpha = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
/** Elements whose content is text up to their own end tag (HTML's RCDATA and RAWTEXT elements). */
const RAW_TEXT = new Set(['title', 'textarea', 'script', 'style', 'xmp', 'iframe', 'noembed', 'noframes']);
const LISTS = new Set(['dl', 'ul', 'menu']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Start tags that end a title whose end tag is missing (they never belong inside a link or a heading here). */
const ENDS_TITLE = new Set(['a', 'dt', 'dd', 'dl', 'ul', 'menu', 'li', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

interface Tag {
  end: boolean;
  name: string; // lower case
  attrs: Map<string, string>; // names lower case, values decoded
  start: number;
}

/** Decoded text of raw runs; for a bookmark title, literal whitespace at both ends is trimmed first. */
function titleText(runs: string[], trim: boolean): string {
  let first = 0;
  let last = runs.length - 1;
  let startCut = 0;
  let endCut = -1;
  if (trim) {
    for (; first <= last; first++) {
      const run = runs[first]!;
      let i = 0;
      while (i < run.length && isJsSpace(run.charCodeAt(i))) i++;
      if (i < run.length) {
        startCut = i;
        break;
      }
    }
    for (; last >= first; last--) {
      const run = runs[last]!;
      let i = run.length;
      const floor = last === first ? startCut : 0;
      while (i > floor && isJsSpace(run.charCodeAt(i - 1))) i--;
      if (i > floor) {
        endCut = i;
        break;
      }
    }
    if (first > last) return '';
  }
  let out = '';
  for (let r = first; r <= last; r++) {
    let run = runs[r]!;
    if (trim && (r === first || r === last)) run = run.slice(r === first ? startCut : 0, r === last ? endCut : run.length);
    if (run.includes('\0')) run = run.replaceAll('\0', ''); // HTML drops U+0000 from text
    out += run.includes('&') ? decodeHTML(run) : run;
  }
  return out;
}

/** Counts lines forward from the last position asked for: linear over a whole parse when asked in file order. */
function createLineCounter(src: string) {
  let at = 0;
  let line = 1;
  return (index: number): number => {
    if (index < at) {
      at = 0;
      line = 1;
    }
    for (let i = src.indexOf('\n', at); i !== -1 && i < index; i = src.indexOf('\n', i + 1)) line++;
    at = index;
    return line;
  };
}

class Truncated extends Error {
  constructor(
    readonly reason: Msg,
    readonly at: number,
  ) {
    super('truncated');
  }
}

export function parseBookmarksHtml(text: string): ParseResult {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // HTML's input preprocessing: CR LF and lone CR become LF.
  const src = withoutBom.includes('\r') ? withoutBom.replace(/\r\n?/g, '\n') : withoutBom;
  const len = src.length;
  let pos = 0;
  const lineAt = createLineCounter(src);

  const skipPast = (needle: string, from: number, reason: Msg, start: number): number => {
    const at = src.indexOf(needle, from);
    if (at === -1) throw new Truncated(reason, start);
    return at + needle.length;
  };

  /** Reads attributes from `i` to the tag's `>`; returns the index after it. Throws Truncated at the end of file. */
  const readAttributes = (i: number, attrs: Map<string, string> | null, start: number, tagName: string): number => {
    const truncatedTag = () => new Truncated(msg('importTruncatedInTag', tagName.toUpperCase()), start);
    for (;;) {
      while (i < len && (isTagSpace(src.charCodeAt(i)) || src.charCodeAt(i) === 47) /* / */) i++;
      if (i >= len) throw truncatedTag();
      if (src.charCodeAt(i) === 62 /* > */) return i + 1;
      const nameStart = i;
      i++; // the first character belongs to the name, even '='
      for (; i < len; i++) {
        const c = src.charCodeAt(i);
        if (isTagSpace(c) || c === 47 || c === 62 || c === 61) break;
      }
      const name = src.slice(nameStart, i).toLowerCase();
      while (i < len && isTagSpace(src.charCodeAt(i))) i++;
      let value = '';
      if (i < len && src.charCodeAt(i) === 61 /* = */) {
        i++;
        while (i < len && isTagSpace(src.charCodeAt(i))) i++;
        if (i >= len) throw truncatedTag();
        const quote = src.charCodeAt(i);
        if (quote === 34 || quote === 39) {
          const close = src.indexOf(quote === 34 ? '"' : "'", i + 1);
          if (close === -1) throw new Truncated(msg('importTruncatedValue', name.toUpperCase()), nameStart);
          value = src.slice(i + 1, close);
          i = close + 1;
        } else if (quote !== 62) {
          const valueStart = i;
          while (i < len && !isTagSpace(src.charCodeAt(i)) && src.charCodeAt(i) !== 62) i++;
          value = src.slice(valueStart, i);
        }
      }
      if (attrs && !attrs.has(name)) {
        if (value.includes('\0')) value = value.replaceAll('\0', '\ufffd');
        attrs.set(name, value.includes('&') ? decodeHTMLAttribute(value) : value);
      }
    }
  };

  let sawDoctype = false;
  /**
   * Reads the markup at src[pos] === '<'. Returns a tag, or null for a comment, a declaration, `</>` or a '<'
   * that is text (then `textLt` is set). Moves pos past it.
   */
  let textLt = false;
  const readMarkup = (): Tag | null => {
    const start = pos;
    textLt = false;
    const next = src.charCodeAt(pos + 1);
    if (next === 33 /* ! */) {
      if (src.startsWith('<!--', pos)) {
        if (src.startsWith('<!-->', pos)) pos += 5;
        else if (src.startsWith('<!--->', pos)) pos += 6;
        else pos = skipPast('-->', pos + 4, msg('importTruncatedComment'), start);
        return null;
      }
      if (/^<!doctype\s+netscape-bookmark-file/i.test(src.slice(pos, pos + 40))) sawDoctype = true;
      pos = skipPast('>', pos + 2, msg('importTruncatedDeclaration'), start);
      return null;
    }
    if (next === 63 /* ? */) {
      pos = skipPast('>', pos + 2, msg('importTruncatedDeclaration'), start);
      return null;
    }
    const isEnd = next === 47; /* / */
    const nameStart = isEnd ? pos + 2 : pos + 1;
    if (!isAsciiAlpha(src.charCodeAt(nameStart))) {
      if (isEnd && nameStart < len) {
        // "</>" is dropped; "</ x>" and "</3>" are bogus comments up to the next '>'.
        pos = src.charCodeAt(nameStart) === 62 ? nameStart + 1 : skipPast('>', nameStart, msg('importTruncatedDeclaration'), start);
        return null;
      }
      // A '<' that starts no tag ("a < b", "<->", "<3") is text.
      pos = start + 1;
      textLt = true;
      return null;
    }
    let i = nameStart;
    while (i < len) {
      const c = src.charCodeAt(i);
      if (isTagSpace(c) || c === 47 || c === 62) break;
      i++;
    }
    const name = src.slice(nameStart, i).toLowerCase();
    const attrs = new Map<string, string>();
    pos = readAttributes(i, isEnd ? null : attrs, start, isEnd ? `/${name}` : name);
    return { end: isEnd, name, attrs, start };
  };

  /** After a raw-text element's start tag: skips to the end of its own end tag. */
  const skipRawText = (name: string, start: number) => {
    const endTag = new RegExp(`</${name}[\\t\\n\\f />]`, 'gi');
    endTag.lastIndex = pos;
    const close = endTag.exec(src);
    if (!close) throw new Truncated(msg('importTruncatedInElement', name.toUpperCase()), start);
    pos = close.index;
    readMarkup();
  };

  const document: BookmarksDocument = { title: '', children: [] };
  const problems: ParseProblem[] = [];
  const notices: ParseProblem[] = [];
  const top: HtmlFolder = { kind: 'folder', title: '', children: document.children };

  /** Firefox's import frames: a folder, how many lists are open in it, and its nesting level (the top is 0). */
  interface Frame {
    folder: HtmlFolder;
    nesting: number;
    level: number;
  }
  const frames: Frame[] = [{ folder: top, nesting: 0, level: 0 }];
  const frame = () => frames[frames.length - 1]!;
  /** Lists opened and not yet closed: more than 0 at the end means the file was cut. */
  let openLists = 0;
  let sawList = false;
  let sawTitle = false;
  let flattened = 0;
  let firstFlattenedLine = 0;
  /** The item a following <DD> describes. */
  let lastItem: HtmlBookmark | HtmlFolder | null = null;

  /** The title being read: of a link (with its tag) or of a heading. */
  type Collecting = { kind: 'a' | 'heading'; tag: Tag; runs: string[] };
  let collecting = null as Collecting | null;

  const finishLink = (tag: Tag, runs: string[]) => {
    const title = titleText(runs, true);
    const href = tag.attrs.get('href')?.trim() ?? '';
    if (!href || !isUsableUrl(href)) {
      const shown = title || href;
      problems.push({
        line: lineAt(tag.start),
        message: href ? msg('importProblemUnusableAddress', shown.slice(0, 200), href.slice(0, 200)) : msg('importProblemNoAddress', title.slice(0, 200)),
      });
      lastItem = null;
      return;
    }
    const bookmark: HtmlBookmark = { kind: 'bookmark', title, url: href, tags: splitTags(tag.attrs.get('tags')) };
    const addDate = parseDate(tag.attrs.get('add_date')) ?? parseDate(tag.attrs.get('time_added'));
    const lastModified = parseDate(tag.attrs.get('last_modified'));
    if (addDate !== undefined) bookmark.addDate = addDate;
    if (lastModified !== undefined) bookmark.lastModified = lastModified;
    const keyword = tag.attrs.get('shortcuturl')?.trim();
    if (keyword) bookmark.keyword = keyword;
    if (tag.attrs.get('icon') || tag.attrs.get('icon_uri')) bookmark.icon = true;
    frame().folder.children.push(bookmark);
    lastItem = bookmark;
  };

  const startHeading = (tag: Tag) => {
    // Firefox: a heading while the current folder has no open list ends that folder (they become siblings).
    if (tag.name !== 'h1' && frame().nesting === 0 && frames.length > 1) frames.pop();
    collecting = { kind: 'heading', tag, runs: [] };
  };

  const finishHeading = (tag: Tag, runs: string[]) => {
    if (tag.name === 'h1') {
      if (!sawTitle) document.title = titleText(runs, true);
      sawTitle = true;
      return;
    }
    const folder: HtmlFolder = { kind: 'folder', title: titleText(runs, false), children: [] };
    const addDate = parseDate(tag.attrs.get('add_date'));
    const lastModified = parseDate(tag.attrs.get('last_modified'));
    if (addDate !== undefined) folder.addDate = addDate;
    if (lastModified !== undefined) folder.lastModified = lastModified;
    const root: RootMarker | undefined =
      tag.attrs.get('personal_toolbar_folder') === 'true'
        ? 'toolbar'
        : tag.attrs.get('unfiled_bookmarks_folder') === 'true'
          ? 'unfiled'
          : tag.attrs.get('mobile_bookmarks_folder') === 'true'
            ? 'mobile'
            : undefined;
    if (root) folder.root = root;
    const parent = frame();
    parent.folder.children.push(folder);
    lastItem = folder;
    if (parent.level >= MAX_FOLDER_DEPTH) {
      // Too deep: the folder stays empty and what follows goes into the folder at the deepest kept level.
      if (flattened++ === 0) firstFlattenedLine = lineAt(tag.start);
      return;
    }
    frames.push({ folder, nesting: 0, level: parent.level + 1 });
  };

  /** Ends a title whose end tag is missing, at the start tag `at`. */
  const endTitleEarly = (at: Tag) => {
    const open = collecting!;
    collecting = null;
    notices.push({
      line: lineAt(open.tag.start),
      message: msg('importNoticeUnclosed', open.tag.name.toUpperCase(), at.name.toUpperCase(), lineAt(at.start)),
    });
    if (open.kind === 'a') finishLink(open.tag, open.runs);
    else finishHeading(open.tag, open.runs);
  };

  let truncated: ParseProblem | null = null;
  try {
    while (pos < len) {
      const lt = src.indexOf('<', pos);
      const textEnd = lt === -1 ? len : lt;
      if (collecting && textEnd > pos) collecting.runs.push(src.slice(pos, textEnd));
      if (lt === -1) break;
      pos = lt;
      const tag = readMarkup();
      if (!tag) {
        if (textLt && collecting) collecting.runs.push('<');
        continue;
      }
      if (tag.end) {
        if (collecting) {
          if (collecting.kind === 'a' && tag.name === 'a') {
            const { tag: open, runs } = collecting;
            collecting = null;
            finishLink(open, runs);
          } else if (collecting.kind === 'heading' && HEADINGS.has(tag.name)) {
            const { tag: open, runs } = collecting;
            collecting = null;
            finishHeading(open, runs);
          } else if (LISTS.has(tag.name)) {
            endTitleEarly(tag);
          }
          if (collecting) continue;
        }
        if (LISTS.has(tag.name)) {
          const current = frame();
          if (current.nesting > 0) current.nesting--;
          if (frames.length > 1 && current.nesting === 0) frames.pop();
          if (openLists > 0) openLists--;
          lastItem = null;
        }
        continue;
      }
      if (collecting) {
        if (!ENDS_TITLE.has(tag.name)) {
          if (RAW_TEXT.has(tag.name)) skipRawText(tag.name, tag.start);
          continue;
        }
        endTitleEarly(tag);
      }
      const { name } = tag;
      if (name === 'a') {
        collecting = { kind: 'a', tag, runs: [] };
      } else if (HEADINGS.has(name)) {
        startHeading(tag);
      } else if (LISTS.has(name)) {
        frame().nesting++;
        openLists++;
        sawList = true;
        lastItem = null;
      } else if (name === 'hr') {
        frame().folder.children.push({ kind: 'separator' });
        lastItem = null;
      } else if (name === 'dd') {
        const next = src.indexOf('<', pos);
        const end = next === -1 ? len : next;
        const description = decodeHTML(src.slice(pos, end)).trim();
        pos = end;
        const described = lastItem as HtmlBookmark | HtmlFolder | null; // set by the callbacks above
        if (description && described) described.description = description;
        lastItem = null;
      } else if (RAW_TEXT.has(name)) {
        skipRawText(name, tag.start);
      } else if (name === 'plaintext') {
        break; // everything after <plaintext> is text, for Firefox too
      }
      // <DT>, <p>, <LI>, <META>, unknown tags: nothing to do.
    }
    if (collecting) {
      const open = collecting;
      throw new Truncated(msg('importTruncatedNeverClosed', open.tag.name.toUpperCase()), open.tag.start);
    }
  } catch (error) {
    if (!(error instanceof Truncated)) throw error;
    truncated = { line: lineAt(error.at), message: error.reason };
  }

  if (!sawList) {
    throw new BookmarksHtmlError(sawDoctype ? msg('importNoList') : msg('importNotBookmarksFile'), lineAt(len));
  }
  if (!truncated && openLists > 0) {
    const open = frame();
    const message = open.folder === top ? msg('importTruncatedTopOpen') : msg('importTruncatedFolderOpen', open.folder.title.slice(0, 200));
    truncated = { line: lineAt(len), message };
  }
  if (flattened > 0) {
    notices.unshift({
      line: firstFlattenedLine,
      message: msgPlural('importNoticeTooDeep', flattened, MAX_FOLDER_DEPTH),
    });
  }
  return { document, problems, notices, truncated };
}

export type { HtmlNode };
