/**
 * One burst of arrivals, as the guard hears them: every bookmark and folder created outside our own bulk work, with
 * the top-most folder created in the same burst that holds it (a folder that arrived whole: "400 copies in the folder
 * 'Dev'"). Recording an arrival is O(1) (a map lookup of its parent); which arrivals are copies is decided once, when
 * the burst is over (countCopies), against the search index's live mirror.
 */
import type { BookmarkNode } from '../platform/browser';
import { kindOf } from '../platform/tree';

interface Arrival {
  readonly id: string;
  readonly url: string;
  /** The top-most folder created in this burst that holds it, or null (it arrived loose). */
  readonly top: string | null;
}

/** What a burst brought that copies what already existed. */
export interface CopyCount {
  /** Copies that arrived loose (not in a folder that arrived with them), and how many pages they copy. */
  loose: { copies: number; pages: number };
  /** Copies per top-most folder that arrived whole, most copies first. */
  folders: { title: string; copies: number }[];
  /** Everything above. */
  total: number;
}

export class Burst {
  /** When its first and latest arrivals came (ms). */
  readonly startedAt: number;
  lastAt: number;
  private readonly bookmarks: Arrival[] = [];
  /** Folders created in this burst: id -> the top-most created folder holding it (itself for a top one). */
  private readonly folderTops = new Map<string, string>();
  private readonly titles = new Map<string, string>();

  constructor(now: number) {
    this.startedAt = now;
    this.lastAt = now;
  }

  get arrivals(): number {
    return this.bookmarks.length;
  }

  /** Notes a created node (separators are not counted). */
  add(id: string, parentId: string, node: BookmarkNode | undefined, now: number): void {
    this.lastAt = now;
    if (!node) return;
    const kind = kindOf(node);
    const top = this.folderTops.get(parentId) ?? null;
    if (kind === 'folder') {
      this.folderTops.set(id, top ?? id);
      if (top === null) this.titles.set(id, node.title ?? '');
    } else if (kind === 'bookmark' && node.url) this.bookmarks.push({ id, url: node.url, top });
  }

  /**
   * Which arrivals are copies: a bookmark still there whose address another bookmark had before it arrived. `idsOf`
   * gives every bookmark with an address now (the search index, after the burst). Among arrivals with an address no
   * other bookmark has, the first is the new page and the rest are its copies.
   */
  countCopies(idsOf: (url: string) => readonly string[]): CopyCount {
    const byUrl = new Map<string, Arrival[]>();
    for (const arrival of this.bookmarks) {
      const list = byUrl.get(arrival.url);
      if (list) list.push(arrival);
      else byUrl.set(arrival.url, [arrival]);
    }
    let looseCopies = 0;
    const loosePages = new Set<string>();
    const perFolder = new Map<string, number>();
    for (const [url, arrivals] of byUrl) {
      const now = new Set(idsOf(url));
      const stayed = arrivals.filter((arrival) => now.has(arrival.id));
      const before = now.size - stayed.length;
      const copies = before > 0 ? stayed : stayed.slice(1);
      for (const copy of copies) {
        if (copy.top === null) {
          looseCopies++;
          loosePages.add(url);
        } else perFolder.set(copy.top, (perFolder.get(copy.top) ?? 0) + 1);
      }
    }
    const folders = [...perFolder].map(([id, copies]) => ({ title: this.titles.get(id) ?? '', copies })).sort((a, b) => b.copies - a.copies);
    const total = looseCopies + folders.reduce((sum, folder) => sum + folder.copies, 0);
    return { loose: { copies: looseCopies, pages: loosePages.size }, folders, total };
  }
}
