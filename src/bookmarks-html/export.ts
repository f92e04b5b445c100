/**
 * Builds the bookmarks.html export of the whole bookmark tree in Firefox's own layout (see write.ts), with each
 * bookmark's tags from the tag store as TAGS.
 */
import type { Browser, BookmarkNode } from '../platform/browser';
import { MENU_ID, MOBILE_ID, TOOLBAR_ID, UNFILED_ID } from '../platform/browser';
import { countDocument, type BookmarksDocument, type DocumentCounts, type HtmlNode, type RootMarker } from './document';
import { writeBookmarksHtml } from './write';

export interface ExportDeps {
  browser: Browser;
  getTagsForUrls(urls: readonly string[]): Promise<Map<string, string[]>>;
}

function collectUrls(nodes: readonly BookmarkNode[], out: Set<string>): void {
  for (const n of nodes) {
    if (n.children) collectUrls(n.children, out);
    else if (n.url !== undefined && n.type !== 'separator' && n.type !== 'folder') out.add(n.url);
  }
}

export function toHtmlNodes(nodes: readonly BookmarkNode[], tagsOf: (url: string) => string[]): HtmlNode[] {
  return nodes.map((n): HtmlNode => {
    if (n.type === 'separator') return { kind: 'separator' };
    if (n.url !== undefined && n.type !== 'folder') {
      const b: HtmlNode = { kind: 'bookmark', title: n.title, url: n.url, tags: tagsOf(n.url) };
      if (n.dateAdded !== undefined) b.addDate = n.dateAdded;
      return b;
    }
    const f: HtmlNode = { kind: 'folder', title: n.title, children: toHtmlNodes(n.children ?? [], tagsOf) };
    if (n.dateAdded !== undefined) f.addDate = n.dateAdded;
    if (n.dateGroupModified !== undefined) f.lastModified = n.dateGroupModified;
    return f;
  });
}

export async function buildExportDocument(deps: ExportDeps): Promise<BookmarksDocument> {
  const [root] = await deps.browser.bookmarks.getTree();
  const roots = new Map((root?.children ?? []).map((c) => [c.id, c]));
  const urls = new Set<string>();
  collectUrls(root?.children ?? [], urls);
  const tags = await deps.getTagsForUrls([...urls]);
  const tagsOf = (url: string) => tags.get(url) ?? [];

  const menu = roots.get(MENU_ID);
  const document: BookmarksDocument = { title: menu?.title || 'Bookmarks Menu', children: toHtmlNodes(menu?.children ?? [], tagsOf) };
  const special: [string, RootMarker, string][] = [
    [TOOLBAR_ID, 'toolbar', 'Bookmarks Toolbar'],
    [UNFILED_ID, 'unfiled', 'Other Bookmarks'],
    [MOBILE_ID, 'mobile', 'Mobile Bookmarks'],
  ];
  for (const [id, marker, fallbackTitle] of special) {
    const node = roots.get(id);
    // Firefox writes the toolbar and Other Bookmarks always; the mobile folder only when it holds something.
    if (!node || (marker === 'mobile' && !node.children?.length)) continue;
    const folder: HtmlNode = { kind: 'folder', title: node.title || fallbackTitle, root: marker, children: toHtmlNodes(node.children ?? [], tagsOf) };
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
