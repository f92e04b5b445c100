/**
 * Builds the bookmarks.html export of the whole bookmark tree in Firefox's own layout (see write.ts), with each
 * bookmark's tags from the tag store as TAGS.
 */
import type { Browser, BookmarkNode } from '../platform/browser';
import { MENU_ID, MOBILE_ID, TOOLBAR_ID, UNFILED_ID } from '../platform/browser';
import { descendants, kindOf } from '../platform/tree';
import { collectUrls } from './import-plan';
import { countDocument, type BookmarksDocument, type DocumentCounts, type HtmlNode, type RootMarker } from './document';
import { writeBookmarksHtml } from './write';
import { dateAddedOf, lastModifiedOf, type BookmarkDates } from '../bookmark-dates';

const NO_DATES: BookmarkDates = new Map();

export interface ExportDeps {
  browser: Browser;
  getTagsForUrls(urls: readonly string[]): Promise<Map<string, string[]>>;
  /** Dates kept from imported files (src/bookmark-dates): written back as ADD_DATE / LAST_MODIFIED. */
  bookmarkDates?(): Promise<BookmarkDates>;
}

/** getTree() nodes as the file's nodes, without recursion (a tree may be thousands of levels deep). */
export function toHtmlNodes(nodes: readonly BookmarkNode[], tagsOf: (url: string) => string[], dates: BookmarkDates = NO_DATES): HtmlNode[] {
  const convert = (n: BookmarkNode): HtmlNode => {
    const kind = kindOf(n);
    if (kind === 'separator') return { kind: 'separator' };
    const added = n.dateAdded !== undefined || dates.has(n.id) ? dateAddedOf(n, dates) : undefined;
    if (n.url !== undefined && kind === 'bookmark') {
      const b: HtmlNode = { kind: 'bookmark', title: n.title, url: n.url, tags: tagsOf(n.url) };
      if (added !== undefined) b.addDate = added;
      const modified = lastModifiedOf(n, dates);
      if (modified !== undefined) b.lastModified = modified;
      return b;
    }
    const f: HtmlNode = { kind: 'folder', title: n.title, children: [] };
    if (added !== undefined) f.addDate = added;
    const modified = lastModifiedOf(n, dates) ?? n.dateGroupModified;
    if (modified !== undefined) f.lastModified = modified;
    return f;
  };
  const made = new Map<BookmarkNode, HtmlNode>();
  const converted = (n: BookmarkNode): HtmlNode => {
    const node = convert(n);
    made.set(n, node);
    return node;
  };
  const out = nodes.map(converted);
  // In preorder a node is converted (in its parent's turn) before the walk reaches it and converts its children.
  for (const source of descendants(nodes)) {
    const target = made.get(source);
    if (target?.kind === 'folder' && source.children?.length) target.children = source.children.map(converted);
  }
  return out;
}

export async function buildExportDocument(deps: ExportDeps): Promise<BookmarksDocument> {
  const [root] = await deps.browser.bookmarks.getTree();
  const roots = new Map((root?.children ?? []).map((c) => [c.id, c]));
  const urlList: string[] = [];
  collectUrls(root?.children ?? [], urlList);
  const tags = await deps.getTagsForUrls([...new Set(urlList)]);
  const tagsOf = (url: string) => tags.get(url) ?? [];
  const dates = (await deps.bookmarkDates?.()) ?? NO_DATES;

  const menu = roots.get(MENU_ID);
  const document: BookmarksDocument = { title: menu?.title || 'Bookmarks Menu', children: toHtmlNodes(menu?.children ?? [], tagsOf, dates) };
  const special: [string, RootMarker, string][] = [
    [TOOLBAR_ID, 'toolbar', 'Bookmarks Toolbar'],
    [UNFILED_ID, 'unfiled', 'Other Bookmarks'],
    [MOBILE_ID, 'mobile', 'Mobile Bookmarks'],
  ];
  for (const [id, marker, fallbackTitle] of special) {
    const node = roots.get(id);
    // Firefox writes the toolbar and Other Bookmarks always; the mobile folder only when it holds something.
    if (!node || (marker === 'mobile' && !node.children?.length)) continue;
    const folder: HtmlNode = { kind: 'folder', title: node.title || fallbackTitle, root: marker, children: toHtmlNodes(node.children ?? [], tagsOf, dates) };
    if (node.dateAdded !== undefined) folder.addDate = node.dateAdded;
    if (node.dateGroupModified !== undefined) folder.lastModified = node.dateGroupModified;
    document.children.push(folder);
  }
  return document;
}

export async function exportBookmarksHtml(deps: ExportDeps): Promise<{ html: string; counts: DocumentCounts }> {
  const document = await buildExportDocument(deps);
  const counts = countDocument(document.children);
  // The three root folders written as folders are not the user's folders.
  counts.folders -= document.children.filter((n) => n.kind === 'folder' && n.root).length;
  return { html: writeBookmarksHtml(document), counts };
}
