// SPDX-License-Identifier: MPL-2.0
/**
 * The background half of search(): every query key (query words, tags, group, url in its four forms), queries
 * OR'd, keys AND'd; sorted by title, url, date (last visit), visitCount, dateAdded or lastModified (the clock),
 * optionally descending; then cut to `count`. Reads the tree once per search.
 */
import { isRootId, ROOT_ID, type Browser, type BookmarkNode } from './support/browser';
import { tagKey } from './support/tag-key';
import type { TagStore } from './tag-store';
import { english, type Translate } from './support/messages';
import { PlacesError } from './support/places-error';
import { fingerprint, type Clock } from './clock';
import { describeNodes, itemType } from './nodes';
import { compileUrlPattern, UrlPatternError, type UrlMatcher } from './url-pattern';
import { SORTS, type SearchReply, type SortKey, type WireQuery, type WireSearchOptions } from './caller';

export interface SearchDeps {
  browser: Browser;
  tagStore: TagStore;
  clock: Clock;
  /** The refusals' words (English by default). */
  translate?: Translate;
}

export interface Entry {
  node: BookmarkNode;
  /** Position in depth-first tree order. */
  order: number;
  /** Ids of every ancestor. */
  ancestors: readonly string[];
  /** Title, url and tags, lower-cased: what query words are looked for in (filled on first use). */
  text?: string;
  /** The clock's fingerprint of the node with its tags (index entries fill it on first use; they change with it). */
  fingerprint?: string;
  /** The URL's tags (index entries keep them: the entries are rebuilt when tags change). */
  tags?: readonly string[];
}

export function splitWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
}

export function urlMatcher(pattern: string): UrlMatcher {
  try {
    return compileUrlPattern(pattern);
  } catch (error) {
    if (error instanceof UrlPatternError) throw new PlacesError('invalid-input', error.message);
    throw error;
  }
}

export interface CompiledQuery {
  groupOnly: boolean;
  /** The query's words, lower-cased: a match contains each of them in its text (entryText). */
  words: readonly string[];
  test(entry: Entry, tags: readonly string[]): boolean;
}

/** What query words are looked for in: title, url and tags, lower-cased, one per line (kept on the entry). */
export function entryText(entry: Entry, tags: readonly string[]): string {
  return (entry.text ??= [entry.node.title ?? '', entry.node.url ?? '', ...tags].join('\n').toLowerCase());
}

export function compileQuery(q: WireQuery): CompiledQuery {
  const words = q.query !== undefined ? splitWords(q.query) : [];
  const tagKeys = (q.tags ?? []).map(tagKey).filter((t) => t !== '');
  const matchUrl = q.url !== undefined ? urlMatcher(q.url) : null;
  const group = q.group;
  const groupOnly = group !== undefined && q.query === undefined && q.tags === undefined && q.url === undefined;
  return {
    groupOnly,
    words,
    test(entry, tags) {
      const { node, ancestors } = entry;
      if (group !== undefined && !ancestors.includes(group)) return false;
      if (groupOnly) return true;
      if (itemType(node) !== 'bookmark') return false;
      const url = node.url ?? '';
      if (matchUrl && !matchUrl(url)) return false;
      if (tagKeys.length) {
        const have = new Set(tags.map(tagKey));
        if (!tagKeys.every((t) => have.has(t))) return false;
      }
      if (words.length) {
        const haystack = entryText(entry, tags);
        if (!words.every((w) => haystack.includes(w))) return false;
      }
      return true;
    },
  };
}

function flatten(root: BookmarkNode): Entry[] {
  const out: Entry[] = [];
  const walk = (node: BookmarkNode, ancestors: string[]) => {
    for (const child of node.children ?? []) {
      out.push({ node: child, order: out.length, ancestors });
      if (child.children) walk(child, [...ancestors, child.id]);
    }
  };
  walk(root, [root.id]);
  return out;
}

export function isSortKey(sort: string | undefined): sort is SortKey {
  return sort !== undefined && (SORTS as readonly string[]).includes(sort);
}

/** Last visit and visit count per URL, from one history.search. */
export async function historyStats(browser: Browser): Promise<Map<string, { visitCount: number; lastVisitTime: number }>> {
  const items = await browser.history.search({ text: '', startTime: 0, maxResults: 1_000_000 });
  const stats = new Map<string, { visitCount: number; lastVisitTime: number }>();
  for (const item of items) if (item.url) stats.set(item.url, { visitCount: item.visitCount ?? 0, lastVisitTime: item.lastVisitTime ?? 0 });
  return stats;
}

export function compareText(a: string, b: string): number {
  return a.localeCompare(b, undefined, { sensitivity: 'base' });
}

/**
 * Candidates for word queries without `group`, from Firefox's own word search instead of the whole tree: when a
 * query has a word that no tag contains, every match has that word in its title or url, so
 * browser.bookmarks.search(word) finds a superset, which the full query then filters. Null when a query cannot
 * be answered that way (no words, a group, or every word also appears in some tag).
 */
async function wordCandidates(queries: readonly WireQuery[], { browser, tagStore }: SearchDeps): Promise<BookmarkNode[] | null> {
  if (!queries.every((q) => q.group === undefined && q.query !== undefined && splitWords(q.query).length > 0)) return null;
  const tagKeys = await tagStore.tagKeys();
  const anchors: string[] = [];
  for (const q of queries) {
    const anchor = splitWords(q.query!).find((w) => !tagKeys.some((key) => key.includes(w)));
    if (anchor === undefined) return null;
    anchors.push(anchor);
  }
  const byId = new Map<string, BookmarkNode>();
  for (const anchor of new Set(anchors)) {
    for (const node of await browser.bookmarks.search(anchor)) if (itemType(node) === 'bookmark') byId.set(node.id, node);
  }
  return [...byId.values()];
}

/**
 * The candidates of a word search as entries in tree order (what getTree's depth-first walk would give), so that
 * results added in the same ms keep tree order on this path too. Reads the candidates' ancestors (one get per
 * folder not yet known), which the snapshots need anyway.
 */
async function inTreeOrder(nodes: readonly BookmarkNode[], browser: Browser): Promise<{ entries: Entry[]; known: Map<string, BookmarkNode> }> {
  const known = new Map<string, BookmarkNode>();
  let missing = [...new Set(nodes.map((n) => n.parentId).filter((p): p is string => p !== undefined && p !== ROOT_ID))];
  while (missing.length) {
    const fetched = await Promise.all(
      missing.map((id) =>
        browser.bookmarks.get(id).then(
          (r) => r[0],
          () => undefined,
        ),
      ),
    );
    for (const node of fetched) if (node) known.set(node.id, node);
    missing = [...new Set(fetched.map((n) => n?.parentId).filter((p): p is string => p !== undefined && p !== ROOT_ID && !known.has(p)))];
  }
  const path = new Map<string, number[]>();
  const pathOf = (node: BookmarkNode): number[] => {
    const cached = path.get(node.id);
    if (cached) return cached;
    const parent = node.parentId === undefined ? undefined : known.get(node.parentId);
    const own = [...(parent ? pathOf(parent) : []), node.index ?? 0];
    path.set(node.id, own);
    return own;
  };
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  };
  const sorted = [...nodes].sort((a, b) => compare(pathOf(a), pathOf(b)));
  return { entries: sorted.map((node, order) => ({ node, order, ancestors: [] })), known };
}

export function checkQueries(queries: readonly WireQuery[], translate: Translate = english): void {
  for (const q of queries) if (q.group !== undefined && q.group === ROOT_ID) throw new PlacesError('invalid-input', translate('placesHiddenRoot'));
}

/** Whether the matching needs every candidate's tags (tag and word queries, and the clock of lastModified). */
export function needsTags(queries: readonly WireQuery[], options: WireSearchOptions): boolean {
  return options.sort === 'lastModified' || queries.some((q) => q.tags !== undefined || q.query !== undefined);
}

/**
 * search() answered from Firefox: the whole tree (getTree) or, for word queries, Firefox's word search. This is
 * the path before the in-memory index is fresh (index-search.ts), and the reference the index path is tested
 * against.
 */
export async function runSearch(queries: readonly WireQuery[], options: WireSearchOptions, deps: SearchDeps): Promise<SearchReply> {
  const { browser, tagStore } = deps;
  checkQueries(queries, deps.translate);
  const compiled = queries.map(compileQuery);

  let entries: Entry[];
  let knownNodes: Map<string, BookmarkNode> | undefined;
  let tagsByUrl: Map<string, string[]> | null = null;
  const candidates = await wordCandidates(queries, deps);
  if (candidates) {
    ({ entries, known: knownNodes } = await inTreeOrder(candidates, browser));
    const urls = candidates.map((n) => n.url).filter((u): u is string => !!u);
    tagsByUrl = await tagStore.getTagsForUrls(urls);
  } else {
    const [tree] = await browser.bookmarks.getTree();
    entries = flatten(tree);
    knownNodes = new Map(entries.map((e) => [e.node.id, e.node]));
    if (needsTags(queries, options)) tagsByUrl = new Map((await tagStore.all()).map(({ url, tags }) => [url, tags]));
  }
  const tags = tagsByUrl;
  const tagsOf = tags ? (e: Entry) => (e.node.url ? (tags.get(e.node.url) ?? []) : []) : null;
  return finishSearch(entries, compiled, options, deps, tagsOf, (id) => knownNodes?.get(id));
}

/**
 * What both paths share once they have the entries in tree order: the matching (queries OR'd), the order (creation
 * order, a group listing in tree order, or `sort`) and `count`. Returns the results' entries.
 * @param tagsOf each entry's tags, when the caller has them at hand (null: none are needed for the matching).
 * @param cachedFingerprints the entries live across searches (the index path): their clock fingerprints are kept.
 */
export async function selectResults(
  entries: readonly Entry[],
  compiled: readonly CompiledQuery[],
  options: WireSearchOptions,
  deps: SearchDeps,
  tagsOf: ((e: Entry) => readonly string[]) | null,
  cachedFingerprints = false,
): Promise<Entry[]> {
  const { browser, clock } = deps;
  const tagsFor = tagsOf ?? (() => []);
  let found = entries.filter((e) => !isRootId(e.node.id) && compiled.some((c) => c.test(e, tagsFor(e))));
  const allGroupOnly = compiled.every((c) => c.groupOnly);
  const sort = isSortKey(options.sort) ? options.sort : undefined;

  if (!sort) {
    // Default: creation order; a query of only `group` lists the group's content in tree order.
    if (!allGroupOnly) found.sort((a, b) => (a.node.dateAdded ?? 0) - (b.node.dateAdded ?? 0) || a.order - b.order);
  } else {
    let key: (e: Entry) => number | string;
    if (sort === 'title') key = (e) => e.node.title ?? '';
    else if (sort === 'url') key = (e) => e.node.url ?? '';
    else if (sort === 'dateAdded') key = (e) => e.node.dateAdded ?? 0;
    else if (sort === 'lastModified') {
      const updated = await clock.observe(
        found.map((e) => ({ node: e.node, tags: tagsFor(e), fingerprint: cachedFingerprints ? fingerprintOf(e, tagsFor(e)) : undefined })),
      );
      key = (e) => updated.get(e.node.id) ?? 0;
    } else {
      const stats = await historyStats(browser);
      key = sort === 'visitCount' ? (e) => stats.get(e.node.url ?? '')?.visitCount ?? 0 : (e) => stats.get(e.node.url ?? '')?.lastVisitTime ?? 0;
    }
    const keys = new Map(found.map((e) => [e, key(e)]));
    const direction = options.descending ? -1 : 1;
    found.sort((a, b) => {
      const ka = keys.get(a)!;
      const kb = keys.get(b)!;
      const c = typeof ka === 'string' ? compareText(ka, kb as string) : ka - (kb as number);
      return c !== 0 ? c * direction : a.order - b.order;
    });
  }
  if (options.count) found = found.slice(0, options.count);
  return found;
}

/** The Firefox path's end: the results, then their snapshots' data (tags, clock, ancestors) with describeNodes. */
async function finishSearch(
  entries: readonly Entry[],
  compiled: readonly CompiledQuery[],
  options: WireSearchOptions,
  deps: SearchDeps,
  tagsOf: ((e: Entry) => readonly string[]) | null,
  knownNode: (id: string) => BookmarkNode | undefined,
): Promise<SearchReply> {
  const { browser, tagStore, clock } = deps;
  const found = await selectResults(entries, compiled, options, deps, tagsOf);
  const knownTags = new Map<string, readonly string[]>();
  if (tagsOf) for (const e of found) if (e.node.url && itemType(e.node) === 'bookmark') knownTags.set(e.node.id, tagsOf(e));
  return describeNodes(
    found.map((e) => stripChildren(e.node)),
    { browser, tagStore, clock, knownTags, knownNode },
  );
}

/** The entry's clock fingerprint, computed once per entry. */
export function fingerprintOf(entry: Entry, tags: readonly string[]): string {
  return (entry.fingerprint ??= fingerprint(entry.node, itemType(entry.node) === 'bookmark' ? tags : []));
}

function stripChildren(node: BookmarkNode): BookmarkNode {
  if (!node.children) return node;
  const { children: _children, ...rest } = node;
  return rest;
}
