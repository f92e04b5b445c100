/**
 * The organizer's live mirror of the bookmark tree on the page: every node (title, URL, kind, date), the order of
 * each folder's children, tags and visits per URL, and the number of copies of each URL under the safe matching
 * rules. It starts from one snapshot (snapshot.ts) and follows the Places events (src/places/events.ts), so a
 * change made anywhere (Firefox's own UI, sync, another page, Tidymarks itself) shows without reading the tree again.
 *
 * Positions are kept by SiblingOrder (the Places package's, @tidymarks/places/tree-index), the search index's
 * model of Places' numbering rules: when an event does not fit what the mirror holds, `exact` turns false and the view reads a new snapshot.
 */
import { createSafeMatchKeyer } from '../url-matching';
import type { PlacesEvent } from '@tidymarks/places';
import type { BookmarkNode } from '../platform/browser';
import { ROOT_ID, rootTitle } from '../platform/browser';
import { SiblingOrder } from '../search';
import { fold } from '../search';
import { SearchCorpus } from './search-corpus';
import { KIND_OF_CODE, type NodeKind, type TreeSnapshot } from './snapshot';

export interface OrganizerNode {
  id: string;
  /** Null for the root. */
  parentId: string | null;
  kind: NodeKind;
  title: string;
  /** '' for folders and separators. */
  url: string;
  dateAdded: number;
}

export interface Visits {
  count: number;
  lastVisit: number;
}

const NO_TAGS: readonly string[] = [];

export class OrganizerTree {
  private readonly nodes = new Map<string, OrganizerNode>();
  private order: SiblingOrder;
  private readonly tagsByUrl = new Map<string, readonly string[]>();
  private readonly keywordsByUrl = new Map<string, string>();
  private readonly visitsByUrl = new Map<string, Visits>();
  /** Bookmarks per safe match key, built on first use (keying 100,000 URLs is not free) and kept current after. */
  private copies: Map<string, number> | null = null;
  /** A count in slices under way: the counts so far and the nodes counted in them (events keep both right). */
  private counting: { counts: Map<string, number>; counted: Set<string> } | null = null;
  private readonly keyOf = createSafeMatchKeyer();
  private readonly pathCache = new Map<string, readonly string[]>();
  /** Every node's folded search text in one string (search-corpus.ts), told of each change. */
  private readonly corpus = new SearchCorpus(
    (id) => this.searchText(id),
    () => this.nodes.keys(),
    fold,
  );
  /** Changes on every change the view may show. */
  version = 0;
  /**
   * Changes when a bookmark, folder or separator is added, changed, moved or removed: what a folder's list and a
   * search find. Not for visits or copy counts (a list sorted by neither stays as it is).
   */
  itemsVersion = 0;

  private constructor(order: SiblingOrder) {
    this.order = order;
  }

  static fromSnapshot(snapshot: TreeSnapshot): OrganizerTree {
    const built: BookmarkNode[] = [];
    const roots: BookmarkNode[] = [];
    const nodes: OrganizerNode[] = [];
    for (const [id, parentRow, index, code, title, url, dateAdded] of snapshot.rows) {
      const parent = parentRow >= 0 ? built[parentRow] : undefined;
      const kind = KIND_OF_CODE[code];
      const node: BookmarkNode = { id, index, title, parentId: parent?.id };
      if (kind === 'folder') node.children = [];
      built.push(node);
      if (parent) parent.children!.push(node);
      else roots.push(node);
      nodes.push({ id, parentId: parent?.id ?? null, kind, title, url, dateAdded });
    }
    const tree = new OrganizerTree(SiblingOrder.fromTree(roots));
    for (const node of nodes) tree.nodes.set(node.id, node);
    for (const [url, tags] of snapshot.tags) if (tags.length) tree.tagsByUrl.set(url, tags);
    for (const [url, keyword] of snapshot.keywords ?? []) tree.keywordsByUrl.set(url, keyword);
    for (const [url, count, lastVisit] of snapshot.visits) tree.visitsByUrl.set(url, { count, lastVisit });
    return tree;
  }

  /** False once an event did not fit: the positions may be wrong until a new snapshot replaces this tree. */
  get exact(): boolean {
    return this.order.exact;
  }

  get size(): number {
    return this.nodes.size;
  }

  get(id: string): OrganizerNode | undefined {
    return this.nodes.get(id);
  }

  has(id: string): boolean {
    return this.nodes.has(id);
  }

  /** Children in Firefox's order (empty for bookmarks, separators and unknown ids). */
  children(id: string): readonly string[] {
    return this.order.childrenOf(id);
  }

  folderChildren(id: string): string[] {
    return this.children(id).filter((child) => this.nodes.get(child)?.kind === 'folder');
  }

  hasSubfolders(id: string): boolean {
    return this.children(id).some((child) => this.nodes.get(child)?.kind === 'folder');
  }

  indexOf(id: string): number {
    return this.order.positionOf(id) ?? -1;
  }

  /** The name a person sees: Firefox's names for the roots, the stored title otherwise. */
  titleOf(id: string): string {
    return rootTitle(id) ?? this.nodes.get(id)?.title ?? '';
  }

  /** Folder names from the top (without the invisible root) down to `id` itself. */
  path(id: string): readonly string[] {
    const cached = this.pathCache.get(id);
    if (cached) return cached;
    const node = this.nodes.get(id);
    if (!node || id === ROOT_ID) return [];
    const parentPath = node.parentId ? this.path(node.parentId) : [];
    const path = [...parentPath, this.titleOf(id)];
    if (node.kind === 'folder') this.pathCache.set(id, path);
    return path;
  }

  /** True when `id` is `ancestorId` or lies somewhere under it. */
  isInside(id: string, ancestorId: string): boolean {
    for (let current: string | null | undefined = id; current; current = this.nodes.get(current)?.parentId) {
      if (current === ancestorId) return true;
    }
    return false;
  }

  tagsOf(url: string): readonly string[] {
    return this.tagsByUrl.get(url) ?? NO_TAGS;
  }

  /** Tidymarks' keyword of an address, or null. */
  keywordOf(url: string): string | null {
    return this.keywordsByUrl.get(url) ?? null;
  }

  visitsOf(url: string): Visits | undefined {
    return this.visitsByUrl.get(url);
  }

  /** Visits of a URL (read after the snapshot, from the search index). */
  setVisits(url: string, visits: Visits): void {
    this.visitsByUrl.set(url, { ...visits });
  }

  visitEntries(): IterableIterator<[string, Visits]> {
    return this.visitsByUrl.entries();
  }

  /**
   * How many bookmarks have this URL under the safe matching rules (the bookmark itself included); null until
   * countCopies() ran (keying 100,000 URLs takes a while: the view does it after its first render).
   */
  copiesOf(url: string): number | null {
    if (!this.copies) return null;
    if (!url) return 0;
    return this.copies.get(this.keyOf(url)) ?? 0;
  }

  get copiesCounted(): boolean {
    return this.copies !== null;
  }

  /** Counts every URL's copies once; events keep the counts current afterwards. */
  countCopies(): void {
    this.copyCounts();
  }

  /**
   * countCopies in slices with `pause` between them, so a page stays responsive while 100,000 URLs are keyed and
   * counted: a slice ends after `slice` nodes or `budgetMs`, whichever comes first. Events during the count change
   * the counts of the nodes already counted; the others are counted as they are when their turn comes.
   */
  async countCopiesInSlices(pause: () => Promise<void>, slice = 5_000, budgetMs = 4): Promise<void> {
    if (this.copies || this.counting) return;
    const counting = { counts: new Map<string, number>(), counted: new Set<string>() };
    this.counting = counting;
    const ids = [...this.nodes.keys()];
    let i = 0;
    while (i < ids.length) {
      const stop = Math.min(ids.length, i + slice);
      const deadline = performance.now() + budgetMs;
      while (i < stop) {
        // The clock is read every 100 nodes: reading it costs more than keying a URL already seen.
        for (const end = Math.min(stop, i + 100); i < end; i++) {
          const id = ids[i]!;
          const node = this.nodes.get(id);
          if (!node || counting.counted.has(id)) continue;
          counting.counted.add(id);
          if (node.kind === 'bookmark' && node.url) addCount(counting.counts, this.keyOf(node.url), 1);
        }
        if (performance.now() >= deadline) break;
      }
      if (i < ids.length) await pause();
      // countCopies() counted everything meanwhile.
      if (this.counting !== counting) return;
    }
    this.copies = counting.counts;
    this.counting = null;
  }

  /** The safe match key of a URL (what the Duplicates page groups by). */
  matchKey(url: string): string {
    return this.keyOf(url);
  }

  private copyCounts(): Map<string, number> {
    if (this.copies) return this.copies;
    this.counting = null;
    const copies = new Map<string, number>();
    for (const node of this.nodes.values()) if (node.kind === 'bookmark' && node.url) addCount(copies, this.keyOf(node.url), 1);
    return (this.copies = copies);
  }

  /** A bookmark's URL counted in or out: in the counts, or in a count under way if that one counted the node already. */
  private countCopy(id: string, url: string, delta: number): void {
    if (!url) return;
    if (this.copies) addCount(this.copies, this.keyOf(url), delta);
    else if (this.counting?.counted.has(id)) addCount(this.counting.counts, this.keyOf(url), delta);
  }

  /**
   * What a search looks in (title, address, tags, keyword; the corpus folds it); null for what it never finds (roots,
   * separators).
   */
  private searchText(id: string): string | null {
    const node = this.nodes.get(id);
    if (!node || node.kind === 'separator' || node.parentId === null || node.parentId === ROOT_ID) return null;
    const keyword = this.keywordOf(node.url);
    return `${node.title}\n${node.url}\n${this.tagsOf(node.url).join('\n')}${keyword === null ? '' : `\n${keyword}`}`;
  }

  /**
   * Builds the search text of every node ahead of the first search, in slices with `pause` between them (the view
   * does it after its first render); without `pause`, at once.
   */
  prepareSearch(pause?: () => Promise<void>): Promise<void> {
    if (!pause) {
      this.corpus.buildNow();
      return Promise.resolve();
    }
    return this.corpus.build(pause);
  }

  /** Every node id in preorder under `id` (itself included). */
  subtree(id: string): string[] {
    const out: string[] = [];
    const stack = [id];
    while (stack.length) {
      const current = stack.pop()!;
      if (!this.nodes.has(current)) continue;
      out.push(current);
      const children = this.children(current);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
    return out;
  }

  /** All nodes, in no particular order. */
  allNodes(): IterableIterator<OrganizerNode> {
    return this.nodes.values();
  }

  /**
   * Bookmarks and folders whose title, address or tags contain every word of `text` (case and accents folded), at
   * most `limit`, in no particular order: one indexOf loop over every node's text (search-corpus.ts).
   */
  search(text: string, limit = 20_000): string[] {
    // NUL separates the nodes' texts: a word holding one can match nothing.
    const words = fold(text).split(/\s+/).filter(Boolean);
    if (words.some((w) => w.includes('\u0000'))) return [];
    return this.corpus.search(words, limit);
  }

  /** Follows one Places event. History events only touch visits; unknown ids make the order inexact. */
  apply(event: PlacesEvent): void {
    switch (event.type) {
      case 'bookmark-item-added': {
        const d = event.data;
        if (this.nodes.has(d.id) || !this.nodes.has(d.parentId)) {
          this.order.invalidate();
          break;
        }
        const kind: NodeKind = d.type === 'group' ? 'folder' : d.type;
        this.nodes.set(d.id, { id: d.id, parentId: d.parentId, kind, title: d.title, url: d.url ?? '', dateAdded: d.dateAdded });
        this.order.created({ id: d.id, parentId: d.parentId, index: d.index, title: d.title, children: kind === 'folder' ? [] : undefined });
        // A count under way never saw this node: it is counted here.
        this.counting?.counted.add(d.id);
        if (kind === 'bookmark') this.countCopy(d.id, d.url ?? '', +1);
        this.corpus.invalidate(d.id);
        break;
      }
      case 'bookmark-item-changed': {
        const d = event.data;
        const node = this.nodes.get(d.id);
        if (!node) break;
        // Tag changes come as one event per bookmark of the URL.
        this.corpus.invalidate(d.id);
        if (d.property === 'title') {
          node.title = d.value;
          if (node.kind === 'folder') this.pathCache.clear();
        } else if (d.property === 'uri') {
          if (node.kind === 'bookmark') {
            this.countCopy(node.id, node.url, -1);
            this.countCopy(node.id, d.value, +1);
          }
          node.url = d.value;
        } else if (d.property === 'tags' && node.url) {
          const tags = d.value ? d.value.split(',') : [];
          if (tags.length) this.tagsByUrl.set(node.url, tags);
          else this.tagsByUrl.delete(node.url);
        } else if (d.property === 'dateAdded') {
          // A date an imported file gave (src/bookmark-dates): the one shown and sorted by from now on.
          const date = Number(d.value);
          if (Number.isFinite(date)) node.dateAdded = date;
        }
        break;
      }
      case 'bookmark-item-moved': {
        const d = event.data;
        const node = this.nodes.get(d.id);
        if (!node || !this.nodes.has(d.currentParentId)) {
          this.order.invalidate();
          break;
        }
        node.parentId = d.currentParentId;
        this.order.moved(d.id, { parentId: d.currentParentId, index: d.currentIndex, oldParentId: d.previousParentId, oldIndex: d.previousIndex });
        if (node.kind === 'folder') this.pathCache.clear();
        break;
      }
      case 'bookmark-item-removed': {
        const d = event.data;
        if (!this.nodes.has(d.id)) {
          this.order.invalidate();
          break;
        }
        const gone = this.subtree(d.id);
        this.order.removed(d.id, { parentId: d.parentId, index: d.index });
        for (const id of gone) {
          const node = this.nodes.get(id)!;
          if (node.kind === 'bookmark') this.countCopy(id, node.url, -1);
          this.nodes.delete(id);
          this.pathCache.delete(id);
          this.corpus.invalidate(id);
        }
        break;
      }
      // One visit gives one history-visit and a bookmark-item-visited per bookmark of the URL: counted once, here.
      case 'history-visit': {
        const d = event.data;
        const visits = this.visitsByUrl.get(d.url);
        if (visits) {
          visits.count++;
          visits.lastVisit = Math.max(visits.lastVisit, d.time);
        } else this.visitsByUrl.set(d.url, { count: 1, lastVisit: d.time });
        break;
      }
      case 'history-delete-url':
        this.visitsByUrl.delete(event.data.url);
        break;
      case 'history-start-clear':
        this.visitsByUrl.clear();
        break;
      default:
        return;
    }
    if (event.type.startsWith('bookmark-')) this.itemsVersion++;
    this.version++;
  }
}

/** Adds `delta` to the count of `key`, dropping counts that reach 0. */
function addCount(counts: Map<string, number>, key: string, delta: number): void {
  const n = (counts.get(key) ?? 0) + delta;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}
