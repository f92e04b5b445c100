/**
 * Writer of bookmarks.html in Firefox's own export format, so Firefox (Library › Import and Backup › Import
 * Bookmarks from HTML) and Tidymarks both read it back: header, <H1>, one top <DL> holding the menu's children,
 * then the toolbar (PERSONAL_TOOLBAR_FOLDER) and Other Bookmarks (UNFILED_BOOKMARKS_FOLDER) as folders. Dates are
 * written in seconds, tags as TAGS="a,b", keywords as SHORTCUTURL, descriptions as <DD>. All text is escaped
 * (a bookmark title's edge whitespace as character references, see escapeBookmarkTitle).
 *
 * Indentation is Firefox's (four spaces per level) down to MAX_INDENT_LEVEL levels and stays there below: Firefox's
 * exporter indents without limit, so a 1,000-deep tree exported as 6.1 MB and a 3,000-deep one as 54 MB of
 * mostly spaces (measured with Firefox ESR 153's own export and ours). Indentation is not content: Firefox's
 * importer and ours read the file the same either way.
 */
import type { BookmarksDocument, HtmlNode } from './document';
import { escapeBookmarkTitle, escapeHtml } from './entities';

/** Levels indented like Firefox's export; deeper lines keep this indentation. */
export const MAX_INDENT_LEVEL = 32;
const indents = Array.from({ length: MAX_INDENT_LEVEL + 1 }, (_, level) => '    '.repeat(level));

const HEADER = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
     It will be read and overwritten.
     DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<meta http-equiv="Content-Security-Policy"
      content="default-src 'self'; script-src 'none'; img-src data: *; object-src 'none'"></meta>
<TITLE>Bookmarks</TITLE>
`;

const ROOT_ATTRIBUTE = {
  toolbar: 'PERSONAL_TOOLBAR_FOLDER',
  unfiled: 'UNFILED_BOOKMARKS_FOLDER',
  mobile: 'MOBILE_BOOKMARKS_FOLDER',
} as const;

const seconds = (ms: number) => String(Math.floor(ms / 1000));

function dateAttributes(node: { addDate?: number; lastModified?: number }): string {
  let out = '';
  if (node.addDate !== undefined) out += ` ADD_DATE="${seconds(node.addDate)}"`;
  if (node.lastModified !== undefined) out += ` LAST_MODIFIED="${seconds(node.lastModified)}"`;
  return out;
}

/** Descriptions are one line of text in the file. */
const descriptionText = (text: string) => escapeHtml(text.replace(/\s*\n\s*/g, ' '));

/** Writes the nodes without recursion (a tree may be thousands of levels deep). */
function writeNodes(top: readonly HtmlNode[], lines: string[]): void {
  const stack: { nodes: readonly HtmlNode[]; next: number; depth: number }[] = [{ nodes: top, next: 0, depth: 1 }];
  while (stack.length) {
    const level = stack[stack.length - 1]!;
    const indent = indents[Math.min(level.depth, MAX_INDENT_LEVEL)]!;
    if (level.next >= level.nodes.length) {
      stack.pop();
      if (stack.length) lines.push(`${indents[Math.min(level.depth - 1, MAX_INDENT_LEVEL)]!}</DL><p>`);
      continue;
    }
    const node = level.nodes[level.next++]!;
    if (node.kind === 'separator') {
      lines.push(`${indent}<HR>`);
    } else if (node.kind === 'bookmark') {
      let attrs = ` HREF="${escapeHtml(node.url)}"${dateAttributes(node)}`;
      if (node.keyword) attrs += ` SHORTCUTURL="${escapeHtml(node.keyword)}"`;
      if (node.tags.length) attrs += ` TAGS="${escapeHtml(node.tags.join(','))}"`;
      lines.push(`${indent}<DT><A${attrs}>${escapeBookmarkTitle(node.title)}</A>`);
      if (node.description) lines.push(`${indent}<DD>${descriptionText(node.description)}`);
    } else {
      const marker = node.root ? ` ${ROOT_ATTRIBUTE[node.root]}="true"` : '';
      lines.push(`${indent}<DT><H3${dateAttributes(node)}${marker}>${escapeHtml(node.title)}</H3>`);
      if (node.description) lines.push(`${indent}<DD>${descriptionText(node.description)}`);
      lines.push(`${indent}<DL><p>`);
      stack.push({ nodes: node.children, next: 0, depth: level.depth + 1 });
    }
  }
}

export function writeBookmarksHtml(document: BookmarksDocument): string {
  const lines: string[] = [`<H1>${escapeHtml(document.title)}</H1>`, '', '<DL><p>'];
  writeNodes(document.children, lines);
  lines.push('</DL>');
  return HEADER + lines.join('\n') + '\n';
}
