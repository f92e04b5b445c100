/**
 * One burst of arrivals, as the guard hears them: every bookmark and folder created outside our own bulk work, with
 * the top-most folder created in the same burst that holds it (a folder that arrived whole: "400 copies in the folder
 * 'Dev'"). Recording an arrival is O(1) (a map lookup of its parent); which arrivals are copies is decided once, when
 * the burst is over (tally), against the search index's live mirror.
 */
import type { BookmarkNode } from '../platform/browser';
import { kindOf } from '../platform/tree';
import type { CopyMatching } from './matching';

export interface Arrival {
  readonly id: string;
  readonly url: string;
  /** The folder it arrived in. */
  readonly parentId: string;
  /** The top-most folder created in this burst that holds it, or null (it arrived loose). */
  readonly top: string | null;
  /** When it arrived (ms): a copy of an address a cleanup removed comes back only after that removal. */
  readonly at: number;
}

/** What a burst brought that copies what already existed. */
export interface CopyCount {
  /** Copies that arrived loose (not in a folder that arrived with them), and how many pages they copy. */
  loose: { copies: number; pages: number };
  /**
   * Copies per top-most folder that arrived whole, most copies first; folders that copy an existing folder (the same
   * pages) are one entry, by that folder's title, with how many copies of it arrived (`folderCopies`).
   */
  folders: { title: string; copies: number; folderCopies?: number }[];
  /** Everything above. */
  total: number;
  /**
   * Of those, the copies an earlier cleanup removed that came back (README "Copies that come back"), and the first
   * and last day of the removals they came back from; absent when none did.
   */
  cameBack?: { copies: number; firstRemovedAt: number; lastRemovedAt: number };
}

/** A copy that arrived, as it arrived: what a removal checks it against (remove-plan.ts). */
export interface ArrivedCopy {
  id: string;
  url: string;
  parentId: string;
}

/** A folder that arrived in the burst, where it arrived. */
export interface ArrivedFolder {
  id: string;
  parentId: string;
}

/** A copy as the removed history is asked about it: `dateAdded` is when it arrived. */
export interface CameBackProbe {
  id: string;
  url: string;
  dateAdded: number;
}

/** What a burst brought: its copies counted, and the arrivals a removal would take (the copies and the folders). */
export interface Tally {
  count: CopyCount;
  copies: ArrivedCopy[];
  folders: ArrivedFolder[];
}

/**
 * The arrivals noted since the last part was saved (README "A burst across a restart"): the bookmarks as noted, the
 * folders with the top-most folder of the burst that holds them and, for a top one, its title.
 */
export interface BurstPart {
  bookmarks: Arrival[];
  folders: { id: string; parentId: string; top: string; title?: string }[];
  lastAt: number;
}

export class Burst {
  /** When its first and latest arrivals came (ms). */
  readonly startedAt: number;
  lastAt: number;
  /** Its parts saved so far (the next part's number), and the last save under way (awaited before it is told). */
  parts = 0;
  saving: Promise<unknown> = Promise.resolve();
  /** How many of its bookmarks and folders are in saved parts. */
  private savedBookmarks = 0;
  private savedFolders = 0;
  private readonly bookmarks: Arrival[] = [];
  /** Folders created in this burst: id -> the top-most created folder holding it (itself for a top one). */
  private readonly folderTops = new Map<string, string>();
  /** Folders created in this burst: id -> the folder it arrived in. */
  private readonly folderParents = new Map<string, string>();
  private readonly titles = new Map<string, string>();

  constructor(now: number) {
    this.startedAt = now;
    this.lastAt = now;
  }

  get arrivals(): number {
    return this.bookmarks.length;
  }

  /** A burst as its saved parts left it (after the event page was unloaded or Firefox quit mid-burst). */
  static restore(startedAt: number, parts: readonly BurstPart[]): Burst {
    const burst = new Burst(startedAt);
    for (const part of parts) {
      burst.bookmarks.push(...part.bookmarks);
      for (const folder of part.folders) {
        burst.folderTops.set(folder.id, folder.top);
        burst.folderParents.set(folder.id, folder.parentId);
        if (folder.title !== undefined) burst.titles.set(folder.id, folder.title);
      }
      burst.lastAt = Math.max(burst.lastAt, part.lastAt);
    }
    burst.parts = parts.length;
    burst.savedBookmarks = burst.bookmarks.length;
    burst.savedFolders = burst.folderParents.size;
    return burst;
  }

  /** What arrived since the last call (null: nothing), to be saved as the next part. */
  takeUnsaved(): BurstPart | null {
    if (this.savedBookmarks === this.bookmarks.length && this.savedFolders === this.folderParents.size) return null;
    const bookmarks = this.bookmarks.slice(this.savedBookmarks);
    const folders: BurstPart['folders'] = [];
    let i = 0;
    for (const [id, parentId] of this.folderParents) {
      if (i++ < this.savedFolders) continue;
      const title = this.titles.get(id);
      folders.push({ id, parentId, top: this.folderTops.get(id)!, ...(title === undefined ? {} : { title }) });
    }
    this.savedBookmarks = this.bookmarks.length;
    this.savedFolders = this.folderParents.size;
    return { bookmarks, folders, lastAt: this.lastAt };
  }

  /** Notes a created node (separators are not counted). */
  add(id: string, parentId: string, node: BookmarkNode | undefined, now: number): void {
    this.lastAt = now;
    if (!node) return;
    const kind = kindOf(node);
    const top = this.folderTops.get(parentId) ?? null;
    if (kind === 'folder') {
      this.folderTops.set(id, top ?? id);
      this.folderParents.set(id, parentId);
      if (top === null) this.titles.set(id, node.title ?? '');
    } else if (kind === 'bookmark' && node.url) this.bookmarks.push({ id, url: node.url, parentId, top, at: now });
  }

  /**
   * Which arrivals are copies (with every folder that arrived: what "Remove the new copies" takes): a bookmark still
   * there whose address (its key under the safe rules, `match`) another bookmark had before it arrived. Among arrivals
   * of a key no other bookmark has, the first is the new page and the rest are its copies. A top-most folder that
   * arrived holding the same pages as a folder that did not is a copy of that folder: such copies are counted together
   * by the folder they copy ("400 copies of the folder 'Dev'"). `removedBefore` tells a copy that an earlier cleanup
   * removed (by its id or its address, README "Copies that come back"), when it did.
   */
  tally(match: CopyMatching, removedBefore: (copy: CameBackProbe) => number | undefined = () => undefined): Tally {
    const byKey = new Map<string, Arrival[]>();
    for (const arrival of this.bookmarks) {
      const key = match.keyOf(arrival.url);
      const list = byKey.get(key);
      if (list) list.push(arrival);
      else byKey.set(key, [arrival]);
    }
    let looseCopies = 0;
    const loosePages = new Set<string>();
    const perTop = new Map<string, number>();
    const copyArrivals: ArrivedCopy[] = [];
    let cameBack: CopyCount['cameBack'];
    for (const [key, arrivals] of byKey) {
      const now = new Set(match.idsOf(arrivals[0]!.url));
      const stayed = arrivals.filter((arrival) => now.has(arrival.id));
      const before = now.size - stayed.length;
      const copies = before > 0 ? stayed : stayed.slice(1);
      for (const copy of copies) {
        copyArrivals.push({ id: copy.id, url: copy.url, parentId: copy.parentId });
        const removedAt = removedBefore({ id: copy.id, url: copy.url, dateAdded: copy.at });
        if (removedAt !== undefined) {
          cameBack ??= { copies: 0, firstRemovedAt: removedAt, lastRemovedAt: removedAt };
          cameBack.copies++;
          cameBack.firstRemovedAt = Math.min(cameBack.firstRemovedAt, removedAt);
          cameBack.lastRemovedAt = Math.max(cameBack.lastRemovedAt, removedAt);
        }
        if (copy.top === null) {
          looseCopies++;
          loosePages.add(key);
        } else perTop.set(copy.top, (perTop.get(copy.top) ?? 0) + 1);
      }
    }
    // Per top-most folder, or per folder copied: the folders that copy one existing folder are counted together.
    const arrived = new Set<string>([...this.bookmarks.map((arrival) => arrival.id), ...this.folderParents.keys()]);
    const isArrival = (id: string) => arrived.has(id);
    const perFolder = new Map<string, CopyCount['folders'][number]>();
    for (const [top, copies] of perTop) {
      const original = match.copiedFolderOf(top, isArrival);
      const group = original ? `copy-of:${original.id}` : top;
      const entry = perFolder.get(group);
      if (entry) {
        entry.copies += copies;
        entry.folderCopies!++;
      } else perFolder.set(group, original ? { title: original.title, copies, folderCopies: 1 } : { title: this.titles.get(top) ?? '', copies });
    }
    const folders = [...perFolder.values()].sort((a, b) => b.copies - a.copies);
    const total = looseCopies + folders.reduce((sum, folder) => sum + folder.copies, 0);
    const count: CopyCount = { loose: { copies: looseCopies, pages: loosePages.size }, folders, total, ...(cameBack ? { cameBack } : {}) };
    const arrivedFolders = [...this.folderParents].map(([id, parentId]) => ({ id, parentId }));
    return { count, copies: copyArrivals, folders: arrivedFolders };
  }
}
