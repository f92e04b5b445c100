/**
 * Firefox's bookmarks JSON (PlacesBackups / BookmarkJSONUtils: the root folder `placesRoot` whose children are the
 * menu, toolbar, other and mobile folders; each item with guid, title, index, dateAdded and lastModified in
 * microseconds, typeCode 1 bookmark / 2 folder / 3 separator or its `type` text, `uri`, `tags` as one
 * comma-separated string, `keyword`, `root`, `children`) into the flat BackupTree of tree-types.ts.
 *
 * The file is untrusted: every property is checked for its type, strings are bounded as Places bounds them, an
 * unusable entry is left out and counted, and the walk keeps its own stack (JSON.parse in Firefox is not recursive
 * either), so no depth overflows it. Nothing here throws but BackupFileError.
 */
import { BackupFileError } from './problems';
import type { BackupItem, BackupTree, FirefoxRootName } from './tree-types';

/** Places keeps at most this many characters of a title (PlacesUtils' TITLE_LENGTH_MAX). */
export const MAX_TITLE_LENGTH = 4096;
/** Places refuses longer addresses (DB_URL_LENGTH_MAX). */
export const MAX_URL_LENGTH = 65536;
/** Firefox ignores longer tags when it restores (PlacesUtils.bookmarks.MAX_TAG_LENGTH). */
export const MAX_TAG_LENGTH = 100;
const MAX_KEYWORD_LENGTH = 1000;
const GUID = /^[A-Za-z0-9_-]{12}$/;
const ROOT_NAMES: ReadonlySet<string> = new Set<FirefoxRootName>([
  'placesRoot',
  'bookmarksMenuFolder',
  'toolbarFolder',
  'unfiledBookmarksFolder',
  'mobileFolder',
  'tagsFolder',
]);

const TYPE_CODES: Record<number, BackupItem['kind']> = { 1: 'bookmark', 2: 'folder', 3: 'separator' };
const TYPE_NAMES: Record<string, BackupItem['kind']> = {
  'text/x-moz-place': 'bookmark',
  'text/x-moz-place-container': 'folder',
  'text/x-moz-place-separator': 'separator',
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function kindOf(node: Json): BackupItem['kind'] | null {
  const code = node['typeCode'];
  if (typeof code === 'number' && TYPE_CODES[code]) return TYPE_CODES[code];
  const type = node['type'];
  return typeof type === 'string' && Object.hasOwn(TYPE_NAMES, type) ? TYPE_NAMES[type]! : null;
}

/** Microseconds since 1970 as milliseconds; null for anything that is not a plausible date. */
function msFromMicroseconds(v: unknown): number | null {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return null;
  const ms = Math.floor(v / 1000);
  return ms <= 8.64e15 ? ms : null;
}

function tagsOf(v: unknown): string[] {
  if (typeof v !== 'string' || v === '') return [];
  return [...new Set(v.split(',').filter((tag) => tag.length > 0 && tag.length <= MAX_TAG_LENGTH))];
}

/** Children in Firefox's order: by their `index` when every one has a number there (as Firefox sorts on restore). */
function orderedChildren(children: unknown[]): unknown[] {
  if (!children.every((c) => isObject(c) && typeof c['index'] === 'number' && Number.isFinite(c['index']))) return children;
  return children
    .map((c, i) => ({ c: c as Json, i }))
    .sort((a, b) => (a.c['index'] as number) - (b.c['index'] as number) || a.i - b.i)
    .map((x) => x.c);
}

interface Pending {
  node: unknown;
  parent: number;
  depth: number;
  inTags: boolean;
}

export function parseFirefoxBackup(text: string): BackupTree {
  let top: unknown;
  try {
    top = JSON.parse(text);
  } catch {
    throw new BackupFileError({ code: 'not-json' });
  }
  if (!isObject(top) || kindOf(top) !== 'folder' || !Array.isArray(top['children'])) throw new BackupFileError({ code: 'not-firefox' });

  const items: BackupItem[] = [];
  const counts = { items: 0, bookmarks: 0, folders: 0, separators: 0 };
  const positions: number[] = []; // the next position in each kept folder, by its item index
  let skipped = 0;
  let latest: number | null = null;
  const stack: Pending[] = [{ node: top, parent: -1, depth: 0, inTags: false }];
  while (stack.length) {
    const { node, parent, depth, inTags } = stack.pop()!;
    const kind = isObject(node) ? kindOf(node) : null;
    const url = isObject(node) && kind === 'bookmark' ? node['uri'] : null;
    if (!isObject(node) || kind === null || (kind === 'bookmark' && (typeof url !== 'string' || url === '' || url.length > MAX_URL_LENGTH))) {
      skipped++;
      continue;
    }
    const title = typeof node['title'] === 'string' ? node['title'].slice(0, MAX_TITLE_LENGTH) : '';
    const root = kind === 'folder' && typeof node['root'] === 'string' && ROOT_NAMES.has(node['root']) ? (node['root'] as FirefoxRootName) : null;
    const dateAdded = msFromMicroseconds(node['dateAdded']);
    const lastModified = msFromMicroseconds(node['lastModified']);
    const keyword = typeof node['keyword'] === 'string' && node['keyword'] !== '' && node['keyword'].length <= MAX_KEYWORD_LENGTH ? node['keyword'] : null;
    const index = items.length;
    const position = parent === -1 ? 0 : positions[parent]!++;
    items.push({
      kind,
      guid: typeof node['guid'] === 'string' && GUID.test(node['guid']) ? node['guid'] : null,
      parent,
      position,
      depth,
      title: kind === 'separator' ? '' : title,
      url: kind === 'bookmark' ? (url as string) : null,
      dateAdded,
      lastModified,
      tags: kind === 'bookmark' ? tagsOf(node['tags']) : [],
      keyword: kind === 'bookmark' ? keyword : null,
      root,
    });
    positions[index] = 0;
    counts.items++;
    if (kind === 'bookmark' && !inTags) counts.bookmarks++;
    else if (kind === 'folder') counts.folders++;
    else if (kind === 'separator') counts.separators++;
    for (const d of [dateAdded, lastModified]) if (d !== null && (latest === null || d > latest)) latest = d;

    const children = node['children'];
    if (kind !== 'folder' || !Array.isArray(children)) continue;
    const ordered = orderedChildren(children);
    // Pushed last first, so the first child is taken next: document order.
    for (let i = ordered.length - 1; i >= 0; i--) stack.push({ node: ordered[i], parent: index, depth: depth + 1, inTags: inTags || root === 'tagsFolder' });
  }
  return { items, counts, skipped, latest };
}
