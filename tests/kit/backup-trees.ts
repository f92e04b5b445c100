/**
 * Trees for comparing a Firefox backup with now (src/firefox-backups/compare.ts), written both ways from one
 * description: the backup as Firefox's JSON parsed as the worker parses it, and now as the organizer's snapshot rows.
 * Shared by tests/unit/firefox-backups/compare.test.ts and bench/backups.bench.ts.
 */
import type { LiveRow, LiveTree } from '../../src/firefox-backups/compare';
import { parseFirefoxBackup } from '../../src/firefox-backups/parse';

/** A tree both sides are written from: folders with children, bookmarks with an address (and tags), separators. */
export type Node = { id: string; title: string; url?: string; tags?: string[]; children?: Node[]; separator?: true; added?: number };

const ROOT_NAMES: Record<string, string> = {
  menu________: 'bookmarksMenuFolder',
  toolbar_____: 'toolbarFolder',
  unfiled_____: 'unfiledBookmarksFolder',
  mobile______: 'mobileFolder',
};
const LIVE_TITLES: Record<string, string> = {
  menu________: 'Bookmarks Menu',
  toolbar_____: 'Bookmarks Toolbar',
  unfiled_____: 'Other Bookmarks',
  mobile______: 'Mobile Bookmarks',
};

export function roots(content: Partial<Record<'menu________' | 'toolbar_____' | 'unfiled_____' | 'mobile______', Node[]>>): Node[] {
  return ['menu________', 'toolbar_____', 'unfiled_____', 'mobile______'].map((id) => ({ id, title: id, children: content[id as keyof typeof content] ?? [] }));
}

/** A Firefox GUID (12 characters) from a short test id. */
const gid = (id: string) => id.padEnd(12, '-').slice(0, 12);

/** The backup: Firefox's JSON (root names for its titles, as Firefox writes them), parsed as the worker parses it. */
export function backupOf(top: Node[]) {
  const json = (n: Node, i: number): object =>
    n.separator
      ? { guid: gid(n.id), typeCode: 3, index: i, title: '' }
      : n.children
        ? {
            guid: gid(n.id),
            typeCode: 2,
            index: i,
            title: ROOT_NAMES[n.id] ? n.id.replace(/_+$/, '') : n.title,
            root: ROOT_NAMES[n.id],
            children: n.children.map(json),
            dateAdded: 1e15,
          }
        : {
            guid: gid(n.id),
            typeCode: 1,
            index: i,
            title: n.title,
            uri: n.url,
            dateAdded: (n.added ?? 1.7e12) * 1000,
            ...(n.tags?.length ? { tags: n.tags.join(',') } : {}),
          };
  const text = JSON.stringify({ guid: 'root________', typeCode: 2, title: '', root: 'placesRoot', children: top.map(json) });
  return parseFirefoxBackup(text).items;
}

/** Now: the organizer's snapshot rows in preorder, with the WebExtension API's root titles, and Tidymarks' tags. */
export function liveOf(top: Node[]): LiveTree {
  const rows: LiveRow[] = [['root________', -1, 0, 'f', '', '', 0]];
  const tags: [string, string[]][] = [];
  const walk = (nodes: Node[], parent: number) =>
    nodes.forEach((n, i) => {
      const row = rows.length;
      const kind = n.separator ? 's' : n.children ? 'f' : 'b';
      rows.push([gid(n.id), parent, i, kind, LIVE_TITLES[n.id] ?? n.title, n.url ?? '', n.added ?? 1.8e12]);
      if (n.tags?.length) tags.push([n.url!, n.tags]);
      if (n.children) walk(n.children, row);
    });
  walk(top, 0);
  return { rows, tags };
}

/**
 * `folders` folders of `perFolder` bookmarks in Other Bookmarks, and now the same tree with every GUID new (as after
 * a restore): every item goes through the second match, by address and folder path.
 */
export function recreatedSince(folders: number, perFolder: number): { backup: ReturnType<typeof backupOf>; live: LiveTree } {
  const top: Node[] = Array.from({ length: folders }, (_, f) => ({
    id: `folder${f}`,
    title: `Folder ${f}`,
    children: Array.from({ length: perFolder }, (_, i) => ({ id: `bm${f}-${i}`, title: `Page ${f}-${i}`, url: `https://site${f}.example/${i}` })),
  }));
  const recreated = top.map((f) => ({ ...f, id: `N${f.id}`, children: f.children!.map((c) => ({ ...c, id: `N${c.id}` })) }));
  return { backup: backupOf(roots({ unfiled_____: top })), live: liveOf(roots({ unfiled_____: recreated })) };
}
