/**
 * Writer of bookmarks.html in Firefox's own export format, so Firefox (Library › Import and Backup › Import
 * Bookmarks from HTML) and Tidymarks both read it back: header, <H1>, one top <DL> holding the menu's children,
 * then the toolbar (PERSONAL_TOOLBAR_FOLDER) and Other Bookmarks (UNFILED_BOOKMARKS_FOLDER) as folders. Dates are
 * written in seconds, tags as TAGS="a,b", keywords as SHORTCUTURL, descriptions as <DD>. All text is escaped.
 */
import type { BookmarksDocument, HtmlNode } from './document';
import { escapeHtml } from './entities';

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

function writeNodes(nodes: readonly HtmlNode[], depth: number, lines: string[]): void {
  const indent = '    '.repeat(depth);
  for (const node of nodes) {
    if (node.kind === 'separator') {
      lines.push(`${indent}<HR>`);
    } else if (node.kind === 'bookmark') {
      let attrs = ` HREF="${escapeHtml(node.url)}"${dateAttributes(node)}`;
      if (node.keyword) attrs += ` SHORTCUTURL="${escapeHtml(node.keyword)}"`;
      if (node.tags.length) attrs += ` TAGS="${escapeHtml(node.tags.join(','))}"`;
      lines.push(`${indent}<DT><A${attrs}>${escapeHtml(node.title)}</A>`);
      if (node.description) lines.push(`${indent}<DD>${descriptionText(node.description)}`);
    } else {
      const marker = node.root ? ` ${ROOT_ATTRIBUTE[node.root]}="true"` : '';
      lines.push(`${indent}<DT><H3${dateAttributes(node)}${marker}>${escapeHtml(node.title)}</H3>`);
      if (node.description) lines.push(`${indent}<DD>${descriptionText(node.description)}`);
      lines.push(`${indent}<DL><p>`);
      writeNodes(node.children, depth + 1, lines);
      lines.push(`${indent}</DL><p>`);
    }
  }
}

export function writeBookmarksHtml(document: BookmarksDocument): string {
  const lines: string[] = [`<H1>${escapeHtml(document.title)}</H1>`, '', '<DL><p>'];
  writeNodes(document.children, 1, lines);
  lines.push('</DL>');
  return HEADER + lines.join('\n') + '\n';
}
