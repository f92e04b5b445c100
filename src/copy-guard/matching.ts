/**
 * What an arrival copies, against the bookmarks as the search index's live mirror holds them (README "What counts as
 * a copy"): a bookmark copies every bookmark whose address has the same key under the safe matching rules of
 * src/url-matching (the rules "already bookmarked" uses: case of scheme and host, default port, trailing slash, index
 * pages, tracking parameters), and a folder copies a folder that did not arrive with it and holds the same pages (the
 * same set of keys at any depth). Asked once per burst that reached the threshold, never per event.
 */
import { candidateSearchWord, createSafeMatchKeyer } from '../url-matching';

/** The safe rules' key of an address, or the address itself when the rules cannot read it (compared exactly then). */
export function createCopyKeyer(): (url: string) => string {
  const keyer = createSafeMatchKeyer();
  return (url) => {
    try {
      return keyer(url);
    } catch {
      return url;
    }
  };
}

/** What the tally asks of the bookmarks as they are now (after the burst). */
export interface CopyMatching {
  /** The address's key under the safe rules (the address itself when the rules cannot read it). */
  keyOf(url: string): string;
  /** Every bookmark now whose address has the same key as `url` (the arrivals among them). */
  idsOf(url: string): readonly string[];
  /**
   * The folder `folderId` (one that arrived) is a copy of: one that did not arrive in the burst (`arrived`), holds the
   * same keys at any depth (at least one) and neither holds `folderId` nor is inside it. Undefined when none.
   */
  copiedFolderOf(folderId: string, arrived: (id: string) => boolean): { id: string; title: string } | undefined;
}

/** The part of the search index's mirror (src/search) the matching reads. */
export interface MatchingMirror {
  index: { bookmarkIdsOf(url: string): string[] };
  tree: {
    bookmarkIdsOnHost(word: string): string[];
    get(id: string): { url: string | undefined; title: string; parentId: string | undefined } | undefined;
    bookmarksUnder(folderId: string): Iterable<{ id: string; url: string | undefined }>;
    parentIdOf(id: string): string | undefined;
  };
}

/**
 * The matching over the live mirror. Each host's bookmarks are keyed once, when the first arrival on that host asks
 * (a burst of 5,000 copies of 30 pages on one host keys that host's bookmarks once); an address the rules compare
 * exactly (not http, https or ftp) is looked up by its exact address.
 */
export function liveMatching(mirror: MatchingMirror, keyOf: (url: string) => string = createCopyKeyer()): CopyMatching {
  const hosts = new Map<string, Map<string, string[]>>();
  const onHost = (word: string): Map<string, string[]> => {
    let byKey = hosts.get(word);
    if (byKey) return byKey;
    byKey = new Map();
    for (const id of mirror.tree.bookmarkIdsOnHost(word)) {
      const url = mirror.tree.get(id)?.url;
      if (url === undefined) continue;
      const key = keyOf(url);
      const list = byKey.get(key);
      if (list) list.push(id);
      else byKey.set(key, [id]);
    }
    hosts.set(word, byKey);
    return byKey;
  };
  const idsOf = (url: string): readonly string[] => {
    const word = candidateSearchWord(url);
    const exact = mirror.index.bookmarkIdsOf(url);
    if (word === undefined) return exact;
    const same = onHost(word).get(keyOf(url)) ?? [];
    // An address the index knows but the host word does not find (it cannot: both come from the same URL) is kept.
    return exact.every((id) => same.includes(id)) ? same : [...new Set([...same, ...exact])];
  };

  /** The keys of a folder's bookmarks at any depth, or null as soon as one is not in `within` (early exit). */
  const keysUnder = (folderId: string, within?: ReadonlySet<string>): Set<string> | null => {
    const keys = new Set<string>();
    for (const bookmark of mirror.tree.bookmarksUnder(folderId)) {
      if (bookmark.url === undefined) continue;
      const key = keyOf(bookmark.url);
      if (within && !within.has(key)) return null;
      keys.add(key);
    }
    return keys;
  };

  const copiedFolderOf: CopyMatching['copiedFolderOf'] = (folderId, arrived) => {
    const inside = [...mirror.tree.bookmarksUnder(folderId)];
    const first = inside.find((bookmark) => bookmark.url !== undefined);
    if (!first) return undefined;
    const keys = keysUnder(folderId)!;
    const ancestors = new Set<string>();
    for (let id = mirror.tree.parentIdOf(folderId); id !== undefined; id = mirror.tree.parentIdOf(id)) ancestors.add(id);
    const insideIds = new Set(inside.map((bookmark) => bookmark.id));
    const checked = new Set<string>();
    // The folder it copies holds a bookmark of its first page: one of that page's folders, or one holding it.
    for (const id of idsOf(first.url!)) {
      if (insideIds.has(id) || arrived(id)) continue;
      for (let candidate = mirror.tree.parentIdOf(id); candidate !== undefined; candidate = mirror.tree.parentIdOf(candidate)) {
        if (checked.has(candidate) || ancestors.has(candidate)) break;
        checked.add(candidate);
        if (arrived(candidate)) continue;
        const theirs = keysUnder(candidate, keys);
        if (theirs && theirs.size === keys.size) {
          return { id: candidate, title: mirror.tree.get(candidate)?.title ?? '' };
        }
      }
    }
    return undefined;
  };

  return { keyOf, idsOf, copiedFolderOf };
}
