/**
 * Writes the live tree as a Firefox backup: the JSON that Firefox's Library restores (Import and Backup › Restore ›
 * Choose File…, BookmarkJSONUtils), the format parse.ts reads. Every item with its GUID (a WebExtension bookmark id
 * is Firefox's GUID), title, position, dates in microseconds, type; bookmarks with their address, Tidymarks' tags
 * as Firefox's comma-separated `tags` and Tidymarks' keyword as `keyword`, so a restore makes them Firefox's own. Places ids are left out: Firefox's
 * importer does not read them. The text is built item by item with its own stack, never by a recursive walk or a
 * recursive JSON.stringify of the whole tree: a tree may be thousands of folders deep.
 */
import type { BookmarkNode } from '../platform/browser';
import { MENU_ID, MOBILE_ID, TOOLBAR_ID, UNFILED_ID } from '../platform/browser';
import { kindOf } from '../platform/tree';

/** Firefox's `root` names and titles of its own folders, as its backups write them. */
const ROOTS: Record<string, { root: string; title: string }> = {
  root________: { root: 'placesRoot', title: '' },
  [MENU_ID]: { root: 'bookmarksMenuFolder', title: 'menu' },
  [TOOLBAR_ID]: { root: 'toolbarFolder', title: 'toolbar' },
  [UNFILED_ID]: { root: 'unfiledBookmarksFolder', title: 'unfiled' },
  [MOBILE_ID]: { root: 'mobileFolder', title: 'mobile' },
};

const TYPES = {
  bookmark: { code: 1, type: 'text/x-moz-place' },
  folder: { code: 2, type: 'text/x-moz-place-container' },
  separator: { code: 3, type: 'text/x-moz-place-separator' },
} as const;

export interface WrittenBackupCounts {
  bookmarks: number;
  /** Folders of the person's own, Firefox's root folders not counted. */
  folders: number;
  separators: number;
  /** Bookmarks written with at least one tag. */
  taggedBookmarks: number;
  /** Bookmarks written with a keyword. */
  keywordBookmarks: number;
}

export interface BackupWriteInput {
  /** The result of bookmarks.getTree(): one root whose children are Firefox's menu, toolbar, other and mobile folders. */
  tree: readonly BookmarkNode[];
  /** Tidymarks' tags of an address. */
  tagsOf(url: string): readonly string[];
  /** Tidymarks' keyword of an address, or null. */
  keywordOf?(url: string): string | null;
  /** A node's date added and last modified in milliseconds (the dates kept from imported files, else Firefox's). */
  datesOf(node: BookmarkNode): { added: number | undefined; modified: number | undefined };
}

/** Milliseconds as Firefox's microseconds (PRTime). */
const micro = (ms: number) => Math.round(ms) * 1000;

function head(node: BookmarkNode, input: BackupWriteInput, counts: WrittenBackupCounts): string {
  const kind = kindOf(node);
  const root = ROOTS[node.id];
  const { added, modified } = input.datesOf(node);
  const fields: string[] = [
    `"guid":${JSON.stringify(node.id)}`,
    `"title":${JSON.stringify(root ? root.title : kind === 'separator' ? '' : (node.title ?? ''))}`,
    `"index":${node.index ?? 0}`,
  ];
  if (added !== undefined) fields.push(`"dateAdded":${micro(added)}`);
  const lastModified = modified ?? added;
  if (lastModified !== undefined) fields.push(`"lastModified":${micro(lastModified)}`);
  fields.push(`"typeCode":${TYPES[kind].code}`);
  if (kind === 'bookmark') {
    counts.bookmarks++;
    const tags = input.tagsOf(node.url!);
    if (tags.length) {
      counts.taggedBookmarks++;
      fields.push(`"tags":${JSON.stringify(tags.join(','))}`);
    }
    const keyword = input.keywordOf?.(node.url!) ?? null;
    if (keyword !== null) {
      counts.keywordBookmarks++;
      fields.push(`"keyword":${JSON.stringify(keyword)}`);
    }
  } else if (kind === 'separator') counts.separators++;
  else if (!root) counts.folders++;
  fields.push(`"type":"${TYPES[kind].type}"`);
  if (root) fields.push(`"root":"${root.root}"`);
  if (kind === 'bookmark') fields.push(`"uri":${JSON.stringify(node.url)}`);
  return fields.join(',');
}

/** The tree as Firefox's backup JSON, with what it holds. */
export function writeFirefoxBackup(input: BackupWriteInput): { json: string; counts: WrittenBackupCounts } {
  const counts: WrittenBackupCounts = { bookmarks: 0, folders: 0, separators: 0, taggedBookmarks: 0, keywordBookmarks: 0 };
  const root = input.tree[0];
  if (!root) throw new Error('getTree() gave no root');
  const out: string[] = [];
  // Each entry is a node to open or the text that closes a folder once its children are written.
  const stack: (BookmarkNode | string)[] = [root];
  const firstChild = new Set<BookmarkNode>([root]);
  while (stack.length) {
    const next = stack.pop()!;
    if (typeof next === 'string') {
      out.push(next);
      continue;
    }
    if (!firstChild.has(next)) out.push(',');
    const children = kindOf(next) === 'folder' ? (next.children ?? []) : [];
    out.push(`{${head(next, input, counts)}`);
    if (!children.length) {
      out.push('}');
      continue;
    }
    out.push(',"children":[');
    stack.push(']}');
    firstChild.add(children[0]!);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return { json: out.join(''), counts };
}
