// SPDX-License-Identifier: MPL-2.0
/**
 * search() answered from an in-memory search index (a TreeMirror, below: the package's PlacesIndex by default): its mirror of
 * the tree (titles, urls, kinds, dates), each node's position among its siblings (sibling-order.ts) and the tags of
 * every URL. No Firefox call for the matching; the snapshots' clock comes from the Places clock as on the Firefox
 * path, and 'date' / 'visitCount' sorts still read history from Firefox.
 *
 * The semantics are the Firefox path's own (search-engine.ts: compileQuery and selectResults are shared), and the
 * mirror is walked in getTree's order, so both paths give the same results (tests/unit/places-engine/index-search.test.ts
 * checks that on random trees and queries). The index stands in for Firefox only while `positionsExact`: built from
 * Firefox and kept current by events since, every position event matching. Otherwise the caller asks Firefox (and
 * the index is loaded or re-read behind it).
 */
import { isRootId, ROOT_ID, type BookmarkNode } from './support/browser';
import { toWire } from './nodes';
import { checkQueries, compileQuery, entryText, fingerprintOf, selectResults, type CompiledQuery, type Entry, type SearchDeps } from './search-engine';
import type { SearchReply, WireQuery, WireSearchOptions } from './caller';
import type { MirrorNode } from './tree-index/bookmark-tree';

export type { MirrorNode };

/**
 * A search index search() can answer from instead of reading the whole tree from Firefox: a mirror of the tree
 * kept current by bookmark events (the package's PlacesIndex, tree-index/places-index.ts, is the default one). It stands in for Firefox only while
 * `positionsExact` (built from Firefox, every position event since matched); otherwise search() asks Firefox and
 * the index is loaded (`ready`) or re-read (`resyncPositions`) behind it.
 */
export interface TreeMirror {
  readonly positionsExact: boolean;
  readonly isLoaded: boolean;
  /** Changes whenever the mirror changes. */
  readonly version: number;
  ready(): Promise<unknown>;
  resyncPositions(): void;
  readonly tree: { get(id: string): MirrorNode | undefined };
  readonly order: { childrenOf(id: string): readonly string[]; positionOf(id: string): number | undefined; invalidate(): void };
  readonly index: { tagsOf(url: string): readonly string[] };
}

interface TreeView {
  version: number;
  /** Every node below the hidden root, depth-first in sibling order (as getTree's walk). */
  entries: Entry[];
  entryById: Map<string, Entry>;
  /** The bookmarks' texts in one string, for word queries (built on the first one). */
  corpus?: Corpus;
}

/**
 * Every bookmark's text (entryText) in one string, separated by NUL: a word query finds its candidates with
 * indexOf over it instead of testing every entry. A word has no NUL, so a hit never spans two bookmarks.
 */
interface Corpus {
  text: string;
  /** Where each bookmark's text starts in `text`. */
  starts: Int32Array;
  entries: Entry[];
}

const SEPARATOR = '\u0000';

function buildCorpus(entries: readonly Entry[], tagsOf: (e: Entry) => readonly string[]): Corpus {
  const bookmarks = entries.filter((e) => e.node.type === 'bookmark');
  const starts = new Int32Array(bookmarks.length);
  const texts: string[] = [];
  let at = 0;
  bookmarks.forEach((e, i) => {
    const text = entryText(e, tagsOf(e));
    starts[i] = at;
    at += text.length + 1;
    texts.push(text);
  });
  return { text: texts.join(SEPARATOR), starts, entries: bookmarks };
}

/** Positions (in `corpus.entries`) of the bookmarks whose text contains `word`, in order. */
function containing(corpus: Corpus, word: string): number[] {
  const { text, starts } = corpus;
  const hits: number[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf(word, from);
    if (at < 0) return hits;
    let lo = 0;
    let hi = starts.length;
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid;
    }
    hits.push(lo);
    from = lo + 1 < starts.length ? starts[lo + 1]! : text.length;
  }
}

/**
 * The entries a search must test. When every query has words, a match contains each of its query's words, so the
 * bookmarks containing one word of each query (its longest) are a superset of the matches; selectResults tests them
 * fully. Otherwise every entry.
 */
function candidates(view: TreeView, compiled: readonly CompiledQuery[], tagsOf: (e: Entry) => readonly string[]): readonly Entry[] {
  if (!compiled.length || compiled.some((c) => c.words.length === 0 || c.words.some((w) => w.includes(SEPARATOR)))) return view.entries;
  const corpus = (view.corpus ??= buildCorpus(view.entries, tagsOf));
  const picked = new Set<number>();
  for (const c of compiled) {
    const longest = c.words.reduce((a, b) => (b.length > a.length ? b : a));
    for (const i of containing(corpus, longest)) picked.add(i);
  }
  return [...picked].sort((a, b) => a - b).map((i) => corpus.entries[i]!);
}

function toNode(m: MirrorNode, index: number): BookmarkNode {
  const node: BookmarkNode = { id: m.id, parentId: m.parentId, index, title: m.title, dateAdded: m.dateAdded, type: m.kind };
  if (m.kind !== 'folder') node.url = m.url;
  return node;
}

/** The tree as entries, or null when the mirror and the order disagree (then the index cannot stand in). */
function buildView(live: TreeMirror): TreeView | null {
  const { tree, order } = live;
  const entries: Entry[] = [];
  const entryById = new Map<string, Entry>();
  const stack: { parentId: string; ancestors: readonly string[]; at: number; children: readonly string[] }[] = [
    { parentId: ROOT_ID, ancestors: [ROOT_ID], at: 0, children: order.childrenOf(ROOT_ID) },
  ];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.at === top.children.length) {
      stack.pop();
      continue;
    }
    const id = top.children[top.at++]!;
    const mirror = tree.get(id);
    const index = order.positionOf(id);
    if (!mirror || index === undefined || mirror.parentId !== top.parentId) return null;
    const node = toNode(mirror, index);
    const entry: Entry = { node, order: entries.length, ancestors: top.ancestors };
    entries.push(entry);
    entryById.set(id, entry);
    // Children of a bookmark are invisible to getTree (Firefox accepts a bookmark as a parent): not walked.
    if (mirror.kind === 'folder') stack.push({ parentId: id, ancestors: [...top.ancestors, id], at: 0, children: order.childrenOf(id) });
  }
  return { version: live.version, entries, entryById };
}

/**
 * The snapshots' data for the results, straight from the entries (what describeNodes gives the Firefox path, in
 * the same order: the non-root ancestors level by level, as first met).
 */
async function describeEntries(found: readonly Entry[], view: TreeView, { clock }: SearchDeps, tagsOf: (e: Entry) => readonly string[]): Promise<SearchReply> {
  const ancestors: Entry[] = [];
  const seen = new Set<string>();
  let level: readonly Entry[] = found;
  while (level.length) {
    const next: Entry[] = [];
    for (const e of level) {
      const parentId = e.node.parentId;
      if (!parentId || isRootId(parentId) || seen.has(parentId)) continue;
      seen.add(parentId);
      const parent = view.entryById.get(parentId);
      if (parent) next.push(parent);
    }
    ancestors.push(...next);
    level = next;
  }
  const observed = [...found, ...ancestors];
  const updated = observed.length
    ? await clock.observe(observed.map((e) => ({ node: e.node, tags: tagsOf(e), fingerprint: fingerprintOf(e, tagsOf(e)) })))
    : new Map<string, number>();
  return {
    items: found.map((e) => toWire(e.node, updated.get(e.node.id) ?? 0, e.node.type === 'bookmark' ? tagsOf(e) : undefined)),
    groups: ancestors.map((e) => toWire(e.node, updated.get(e.node.id) ?? 0, undefined)),
  };
}

export type IndexSearch = (queries: readonly WireQuery[], options: WireSearchOptions) => Promise<SearchReply | null>;

export function createIndexSearch(live: TreeMirror, deps: SearchDeps): IndexSearch {
  let view: TreeView | null = null;
  return async (queries, options) => {
    if (!live.positionsExact) {
      // Not fresh yet, or an event the order could not follow: load or re-read it behind this search.
      if (!live.isLoaded) live.ready().catch((error: unknown) => console.error('Places: the search index could not load', error));
      else live.resyncPositions();
      return null;
    }
    checkQueries(queries, deps.translate);
    const compiled = queries.map(compileQuery);
    if (!view || view.version !== live.version) {
      view = buildView(live);
      if (!view) {
        live.order.invalidate();
        live.resyncPositions();
        return null;
      }
    }
    const index = live.index;
    const tagsOf = (e: Entry) => (e.tags ??= e.node.url !== undefined && e.node.type === 'bookmark' ? index.tagsOf(e.node.url) : []);
    const found = await selectResults(candidates(view, compiled, tagsOf), compiled, options, deps, tagsOf, true);
    return describeEntries(found, view, deps, tagsOf);
  };
}
