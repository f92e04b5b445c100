/**
 * The organizer's search text, as one string: every searchable node's folded text (title, address, tags) laid end
 * to end, separated by NUL. A search is then one `indexOf` loop over the whole string for the longest word (the
 * engine's own substring search, several times faster than calling `includes` on 100,000 small strings), and each
 * hit is mapped back to its node by a binary search of where each node's text starts.
 *
 * Live changes do not rebuild the string: a node that changed, came or went is marked stale, skipped in the string
 * and checked from its current text instead. Once many nodes are stale the string is built again, in slices, so the
 * page keeps answering (`build` yields between slices of a few milliseconds).
 *
 * Why not the background's search index: the organizer searches what its own mirror shows, at every keystroke,
 * without a message round trip, and must find every node (folders too), not the best few.
 */

/** The text of a node, or null when the node is gone or not searchable (roots, separators). */
import { BlockFilter, BlockFilterBuilder } from './block-filter';

export type TextOf = (id: string) => string | null;

/** Stale nodes above this number make the next search start a rebuild (checking them one by one gets slow). */
export const REBUILD_AFTER_STALE = 2_000;

/** At most this many nodes per slice of a sliced build, between two yields to the page... */
const SLICE = 5_000;
/** ...and no more than this long (a slice must fit between two frames while the person types or scrolls). */
const SLICE_MS = 4;
/** Nodes folded in one go inside a slice (one fold of their joined texts). */
const CHUNK = 500;

const SEPARATOR = '\u0000';

/** A build under way: the ids to fold (as they were when it started), how far it got, and what it has so far. */
interface PartialBuild {
  all: string[];
  next: number;
  ids: string[];
  /** The texts of each slice, joined. */
  chunks: string[];
  starts: number[];
  length: number;
  /** The trigram sets of the blocks so far (block-filter.ts). */
  filter: BlockFilterBuilder;
}

export class SearchCorpus {
  private text = '';
  /** starts[k] is where node k's text begins; starts[ids.length] is the end. */
  private starts = new Int32Array(1);
  private ids: string[] = [];
  /** Which blocks of `text` may hold a word (block-filter.ts). */
  private filter = BlockFilter.empty();
  private built = false;
  /** Bumped by every build, so a sliced build that another one replaced stops. */
  private generation = 0;
  private building: Promise<void> | null = null;
  /** The sliced build under way, which a search can finish at once. */
  private pendingBuild: PartialBuild | null = null;
  /** Nodes whose text in `text` may be wrong: changed, added or removed since the string was built. */
  private stale = new Set<string>();
  /** Nodes changed since the build under way started: the stale set once it is done. */
  private staleDuringBuild = new Set<string>();
  /** Current text of stale nodes, computed on first use. */
  private readonly staleText = new Map<string, string | null>();

  /**
   * `textOf` gives a node's text as it is; `fold` (case, accents) is applied to a whole slice of texts at once when
   * the string is built (one call for 5,000 nodes is much cheaper than 5,000 calls), and to one text for a stale node.
   */
  constructor(
    private readonly rawTextOf: TextOf,
    private readonly allIds: () => Iterable<string>,
    private readonly fold: (text: string) => string = (text) => text,
  ) {}

  /** A node's folded text, NUL taken out (it separates the nodes). */
  private textOf(id: string): string | null {
    const raw = this.rawTextOf(id);
    return raw === null ? null : this.fold(withoutSeparator(raw));
  }

  get isBuilt(): boolean {
    return this.built;
  }

  /** A node changed, was added or was removed. */
  invalidate(id: string): void {
    if (this.built) this.stale.add(id);
    if (this.building) this.staleDuringBuild.add(id);
    this.staleText.delete(id);
  }

  /** Builds the string now (a search does it when nothing was built). */
  buildNow(): void {
    this.buildAtOnce(true);
  }

  /** The whole string at once; `filtered` false leaves its blocks without trigram sets (read by every search). */
  private buildAtOnce(filtered: boolean): void {
    this.generation++;
    this.building = null;
    this.pendingBuild = null;
    const build = this.startBuild();
    this.finishBuild(build, filtered);
    this.assemble(build, new Set());
  }

  /**
   * Builds the string in slices, calling `pause` between them (the view does it after its first render, and a
   * search when many nodes are stale); a search that comes meanwhile finishes the build at once rather than
   * waiting for it. Changes made during the build are marked stale, so the result is exact whenever it finishes.
   */
  build(pause: () => Promise<void>): Promise<void> {
    const generation = ++this.generation;
    this.staleDuringBuild = new Set();
    const build = this.startBuild();
    this.pendingBuild = build;
    const run = async () => {
      while (build.next < build.all.length) {
        this.continueSlice(build);
        await pause();
        if (generation !== this.generation || this.pendingBuild !== build) return;
      }
      this.pendingBuild = null;
      this.assemble(build, this.staleDuringBuild);
    };
    const building = run().finally(() => {
      if (this.building === building) this.building = null;
    });
    this.building = building;
    return building;
  }

  private startBuild(): PartialBuild {
    return { all: [...this.allIds()], next: 0, ids: [], chunks: [], starts: [], length: 0, filter: new BlockFilterBuilder() };
  }

  /** One slice of a sliced build: up to SLICE nodes, in chunks, until SLICE_MS have passed. */
  private continueSlice(build: PartialBuild): void {
    const stop = Math.min(build.all.length, build.next + SLICE);
    const deadline = performance.now() + SLICE_MS;
    do this.continueBuild(build, Math.min(CHUNK, stop - build.next));
    while (build.next < stop && performance.now() < deadline);
  }

  /** Adds up to `most` more nodes to a build: their texts joined and folded in one go, then where each starts. */
  private continueBuild(build: PartialBuild, most: number, filtered = true): void {
    const end = Math.min(build.all.length, build.next + most);
    const raws: string[] = [];
    for (; build.next < end; build.next++) {
      const id = build.all[build.next]!;
      const raw = this.rawTextOf(id);
      if (raw === null) continue;
      build.ids.push(id);
      raws.push(withoutSeparator(raw));
    }
    if (!raws.length) return;
    // Folding can change lengths (accents taken off): the starts are read off the folded chunk's separators.
    const chunk = this.fold(raws.join(SEPARATOR) + SEPARATOR);
    let at = 0;
    for (let k = 0; k < raws.length; k++) {
      const end = chunk.indexOf(SEPARATOR, at);
      build.starts.push(build.length + at);
      if (filtered) build.filter.addNode(build.length + at, chunk, at, end);
      else build.filter.addUnfiltered(build.length + at);
      at = end + 1;
    }
    build.length += chunk.length;
    build.chunks.push(chunk);
  }

  /** The rest of a build at once, still slice by slice: folding one 7 MB string costs several times 20 of 350 KB. */
  private finishBuild(build: PartialBuild, filtered: boolean): void {
    while (build.next < build.all.length) this.continueBuild(build, SLICE, filtered);
  }

  /** A build that a search needs now: the rest of it in one go. */
  private finishPendingBuild(): void {
    const build = this.pendingBuild;
    if (!build) return;
    this.pendingBuild = null;
    this.generation++;
    this.building = null;
    this.finishBuild(build, false);
    this.assemble(build, this.staleDuringBuild);
  }

  private assemble(build: PartialBuild, stale: Set<string>): void {
    const starts = new Int32Array(build.ids.length + 1);
    starts.set(build.starts);
    starts[build.ids.length] = build.length;
    this.text = build.chunks.join('');
    this.starts = starts;
    this.ids = build.ids;
    this.filter = build.filter.finish(build.length);
    this.stale = stale;
    this.staleText.clear();
    this.built = true;
  }

  /**
   * Ids of the nodes whose text holds every word (already folded, none empty), at most `limit`: the built string's
   * order first, then stale nodes. Builds at once if nothing was built yet.
   */
  search(words: readonly string[], limit: number): string[] {
    if (!words.length) return [];
    if (!this.built) {
      if (this.pendingBuild) this.finishPendingBuild();
      else this.buildAtOnce(false);
    }
    const out: string[] = [];
    this.scan(words, limit, out);
    for (const id of this.stale) this.check(id, words, limit, out);
    if (this.stale.size > REBUILD_AFTER_STALE && !this.building) void this.build(() => new Promise((resolve) => setTimeout(resolve, 0)));
    return out;
  }

  private check(id: string, words: readonly string[], limit: number, out: string[]): void {
    if (out.length >= limit) return;
    let text = this.staleText.get(id);
    if (text === undefined) {
      text = this.textOf(id);
      if (this.stale.has(id)) this.staleText.set(id, text);
    }
    if (text !== null && words.every((w) => text.includes(w))) out.push(id);
  }

  /**
   * Whether node k's text holds every other word. `next[j]` is where word j next occurs in the string at or after a
   * node already checked (Infinity: nowhere); nodes come in order, so each word's occurrences are read once in all
   * rather than once per node.
   */
  private holdsRest(k: number, rest: readonly string[], next: number[]): boolean {
    const begin = this.starts[k]!;
    const end = this.starts[k + 1]! - 1;
    for (let j = 0; j < rest.length; j++) {
      if (next[j]! < begin) {
        const at = this.text.indexOf(rest[j]!, begin);
        next[j] = at < 0 ? Infinity : at;
      }
      if (next[j]! + rest[j]!.length > end) return false;
    }
    return true;
  }

  private scan(words: readonly string[], limit: number, out: string[]): void {
    // The longest word is usually the rarest: fewest hits to check against the others.
    let longest = 0;
    for (let i = 1; i < words.length; i++) if (words[i]!.length > words[longest]!.length) longest = i;
    const first = words[longest]!;
    const rest = words.filter((_, i) => i !== longest);
    const { text, starts, ids, stale } = this;
    const anyStale = stale.size > 0;
    // Only the blocks that may hold every word are read, each range as its own (shared, not copied) substring.
    const ranges = this.filter.candidates(words) ?? [0, text.length];
    const next = rest.map(() => -1);
    let k = 0;
    for (let r = 0; r < ranges.length && out.length < limit; r += 2) {
      const begin = ranges[r]!;
      const range = begin === 0 && ranges[r + 1] === text.length ? text : text.slice(begin, ranges[r + 1]);
      let from = 0;
      while (out.length < limit) {
        const hit = range.indexOf(first, from);
        if (hit < 0) break;
        // Hits come in order: the node is found from the last one's onwards (a hit in the next node is one step).
        k = nodeAt(starts, begin + hit, k);
        from = starts[k + 1]! - begin;
        const id = ids[k]!;
        if (anyStale && stale.has(id)) continue;
        if (rest.length && !this.holdsRest(k, rest, next)) continue;
        out.push(id);
      }
    }
  }
}

function withoutSeparator(text: string): string {
  return text.includes(SEPARATOR) ? text.replaceAll(SEPARATOR, ' ') : text;
}

/**
 * The node whose text holds position `at`, at or after node `from`: steps of doubling size from `from`, then a
 * binary search of the starts in the last step (a hit in the node right after the last one costs one comparison).
 */
export function nodeAt(starts: Int32Array, at: number, from = 0): number {
  const last = starts.length - 2;
  let lo = from;
  let step = 1;
  while (lo + step <= last && starts[lo + step]! <= at) {
    lo += step;
    step *= 2;
  }
  let hi = Math.min(last, lo + step - 1);
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
