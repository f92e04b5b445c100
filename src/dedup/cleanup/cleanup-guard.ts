/**
 * What a running cleanup knows of the live tree, call by call: the tree as the check read it, kept up to date by
 * every bookmark event since (a shadow), with each change told apart as the cleanup's own or someone else's.
 *
 * The rule it serves (docs/ARCHITECTURE.md, "A change the cleanup did not make always wins"): before each call the
 * apply asks whether the item, the copy it duplicates, or any of their folders was touched by someone else; after
 * each call it asks what someone else did since it decided (an edit that landed in the moment between the decision
 * and Firefox's transaction, an item created in or moved into a folder as it was removed), and puts that back.
 *
 * Our own events are the ones Firefox fires for a call we have in flight: the onRemoved of an id we are removing,
 * the onMoved of an id we are moving to where we move it, the onCreated of what we are creating. Everything else is
 * someone else's and is kept, in order, with its position (a "mark") so the apply can ask "since I decided".
 */
import type { BookmarkNode } from '../../platform/browser';
import { kindOf } from '../../platform/tree';
import type { BookmarkEvent, ChangeTracker } from '../../operation-history';
import type { ItemType } from '../../operation-history';

export interface ShadowNode {
  id: string;
  /** The parent as last seen (undefined for the root). */
  parentId: string | undefined;
  /** The parent when the check read the tree. */
  checkedParentId: string | undefined;
  title: string;
  url: string | undefined;
  /** The URL when the check read the tree. */
  checkedUrl: string | undefined;
  type: ItemType;
  /** Removed (by anyone); its descendants are gone with it (see isGone). */
  removed: boolean;
}

const MAX_DEPTH = 1000;

export class CleanupGuard {
  private readonly nodes = new Map<string, ShadowNode>();
  /** Someone else's events, oldest first; a mark is an index into this list. */
  readonly others: BookmarkEvent[] = [];
  /** id -> position (in `others`) of the latest event of someone else about it. */
  private readonly lastTouch = new Map<string, number>();
  /** folder id -> position of the latest change of someone else below it (created, moved in or out, changed, removed). */
  private readonly lastContentTouch = new Map<string, number>();
  private readonly pendingRemovals = new Map<string, number>();
  private readonly pendingMoves = new Map<string, string>();
  private readonly pendingCreates = new Map<string, number>();
  /** The node our own onRemoved carried, per id we removed (Firefox's read before the delete). */
  readonly ourRemoved = new Map<string, BookmarkNode>();

  constructor(snapshot: Iterable<BookmarkNode>, tracker: ChangeTracker | null) {
    for (const node of snapshot) {
      this.nodes.set(node.id, {
        id: node.id,
        parentId: node.parentId,
        checkedParentId: node.parentId,
        title: node.title,
        url: kindOf(node) === 'bookmark' ? node.url : undefined,
        checkedUrl: kindOf(node) === 'bookmark' ? node.url : undefined,
        type: kindOf(node),
        removed: false,
      });
    }
    if (tracker) {
      for (const event of tracker.events) this.take(event);
      tracker.subscribe((event) => this.take(event));
    }
  }

  /** The position after the last event of someone else so far: "since now" for later questions. */
  mark(): number {
    return this.others.length;
  }

  /** Our call to remove (or removeTree) `id` is about to be made: its onRemoved is ours. */
  expectRemove(id: string): void {
    this.pendingRemovals.set(id, (this.pendingRemovals.get(id) ?? 0) + 1);
  }

  /** Our move of `id` into `parentId` is about to be made. */
  expectMove(id: string, parentId: string): void {
    this.pendingMoves.set(id, parentId);
  }

  /** Our create of this item is about to be made. */
  expectCreate(parentId: string, title: string, url: string | undefined): void {
    const key = createKey(parentId, title, url);
    this.pendingCreates.set(key, (this.pendingCreates.get(key) ?? 0) + 1);
  }

  /** Our call settled: an event about it that has not come by now was not ours (Firefox notifies before resolving). */
  callSettled(kind: 'remove' | 'move', id: string): void {
    if (kind === 'remove') {
      const left = (this.pendingRemovals.get(id) ?? 1) - 1;
      if (left > 0) this.pendingRemovals.set(id, left);
      else this.pendingRemovals.delete(id);
    } else this.pendingMoves.delete(id);
  }

  node(id: string): ShadowNode | undefined {
    return this.nodes.get(id);
  }

  /** Removed, or inside a removed folder (by anyone). */
  isGone(id: string): boolean {
    let depth = 0;
    for (let n = this.nodes.get(id); n && depth < MAX_DEPTH; n = n.parentId ? this.nodes.get(n.parentId) : undefined, depth++) {
      if (n.removed) return true;
    }
    return false;
  }

  /** Whether someone else touched `id` (changed, moved, removed) since `mark`. */
  touchedSince(id: string, mark = 0): boolean {
    return (this.lastTouch.get(id) ?? -1) >= mark;
  }

  /**
   * Whether someone else touched `id` or any folder it is in (now, or when the check read the tree) since `mark`:
   * a removed or moved folder takes everything in it along.
   */
  disturbedSince(id: string, mark = 0): boolean {
    if (this.touchedSince(id, mark)) return true;
    for (const chain of [this.chain(id, 'now'), this.chain(id, 'checked')]) {
      for (const ancestor of chain) if (this.touchedSince(ancestor, mark)) return true;
    }
    return false;
  }

  /** Whether someone else changed anything below `folderId` (added, moved in or out, edited, removed) since `mark`. */
  contentTouchedSince(folderId: string, mark = 0): boolean {
    return (this.lastContentTouch.get(folderId) ?? -1) >= mark;
  }

  /** Whether someone else removed a folder `id` is (or was, when checked) in, since `mark`. */
  ancestorRemovedSince(id: string, mark: number): boolean {
    const ancestors = new Set([...this.chain(id, 'now'), ...this.chain(id, 'checked')]);
    for (let i = mark; i < this.others.length; i++) {
      const e = this.others[i];
      if (e.kind === 'removed' && ancestors.has(e.id)) return true;
    }
    return false;
  }

  /** Someone else's events about `id` since `mark`, oldest first. */
  othersAbout(id: string, mark: number): BookmarkEvent[] {
    if (!this.touchedSince(id, mark)) return [];
    return this.others.slice(mark).filter((e) => e.id === id);
  }

  /** Whether anyone else's event arrived at all. */
  get quiet(): boolean {
    return this.others.length === 0;
  }

  /** Someone else's events since `mark`. */
  othersSince(mark: number): readonly BookmarkEvent[] {
    return this.others.slice(mark);
  }

  /** Whether anything not removed is in `folderId` now (by the events so far), leaving out `except`. */
  holdsLive(folderId: string, except: ReadonlySet<string>): boolean {
    for (const n of this.nodes.values()) if (n.parentId === folderId && !n.removed && !except.has(n.id)) return true;
    return false;
  }

  /** Whether the item is (by its current parents) inside `folderId`, or is it. */
  isInside(id: string, folderId: string): boolean {
    if (id === folderId) return true;
    return this.chain(id, 'now').includes(folderId);
  }

  /** Ancestor ids, nearest first (the item itself excluded). */
  chain(id: string, which: 'now' | 'checked'): string[] {
    const out: string[] = [];
    let parent = which === 'now' ? this.nodes.get(id)?.parentId : this.nodes.get(id)?.checkedParentId;
    while (parent && out.length < MAX_DEPTH && !out.includes(parent)) {
      out.push(parent);
      const node = this.nodes.get(parent);
      parent = which === 'now' ? node?.parentId : node?.checkedParentId;
    }
    return out;
  }

  private take(event: BookmarkEvent): void {
    const ours = this.isOurs(event);
    // What the event touches below which folders: computed before the shadow moves the item.
    const under = ours ? [] : this.foldersTouchedBy(event);
    this.applyToShadow(event);
    if (ours) return;
    const at = this.others.push(event) - 1;
    this.lastTouch.set(event.id, at);
    for (const folder of under) this.lastContentTouch.set(folder, at);
  }

  private isOurs(event: BookmarkEvent): boolean {
    if (event.kind === 'removed' && this.pendingRemovals.has(event.id) && !this.ourRemoved.has(event.id)) {
      this.ourRemoved.set(event.id, event.node);
      return true;
    }
    if (event.kind === 'moved' && this.pendingMoves.get(event.id) === event.parentId) {
      this.pendingMoves.delete(event.id);
      return true;
    }
    if (event.kind === 'created') {
      const key = createKey(event.parentId, event.node?.title ?? '', event.node?.url);
      const left = this.pendingCreates.get(key) ?? 0;
      if (left > 0) {
        if (left === 1) this.pendingCreates.delete(key);
        else this.pendingCreates.set(key, left - 1);
        return true;
      }
    }
    return false;
  }

  private foldersTouchedBy(event: BookmarkEvent): string[] {
    const folders = new Set<string>();
    const addFrom = (parentId: string | undefined) => {
      if (!parentId) return;
      folders.add(parentId);
      for (const a of this.chain(parentId, 'now')) folders.add(a);
      for (const a of this.chain(parentId, 'checked')) folders.add(a);
    };
    if (event.kind === 'created' || event.kind === 'removed') addFrom(event.parentId);
    else if (event.kind === 'moved') {
      addFrom(event.parentId);
      addFrom(event.oldParentId);
    } else addFrom(this.nodes.get(event.id)?.parentId);
    // A folder that is itself changed, moved or removed counts as changed below too.
    if (event.kind !== 'created' && this.nodes.get(event.id)?.type === 'folder') folders.add(event.id);
    return [...folders];
  }

  private applyToShadow(event: BookmarkEvent): void {
    const known = this.nodes.get(event.id);
    switch (event.kind) {
      case 'created': {
        const node = event.node;
        this.nodes.set(event.id, {
          id: event.id,
          parentId: event.parentId,
          checkedParentId: undefined,
          title: node?.title ?? '',
          url: node && kindOf(node) === 'bookmark' ? node.url : undefined,
          checkedUrl: undefined,
          type: node ? kindOf(node) : 'bookmark',
          removed: false,
        });
        break;
      }
      case 'changed':
        if (known) {
          if (event.title !== undefined) known.title = event.title;
          if (event.url !== undefined) known.url = event.url;
        } else {
          this.nodes.set(event.id, {
            id: event.id,
            parentId: undefined,
            checkedParentId: undefined,
            title: event.title ?? '',
            url: event.url,
            checkedUrl: undefined,
            type: 'bookmark',
            removed: false,
          });
        }
        break;
      case 'moved':
        if (known) known.parentId = event.parentId;
        else
          this.nodes.set(event.id, {
            id: event.id,
            parentId: event.parentId,
            checkedParentId: undefined,
            title: '',
            url: undefined,
            checkedUrl: undefined,
            type: 'bookmark',
            removed: false,
          });
        break;
      case 'removed':
        if (known) known.removed = true;
        else if (event.node) {
          this.nodes.set(event.id, {
            id: event.id,
            parentId: event.parentId,
            checkedParentId: undefined,
            title: event.node.title,
            url: kindOf(event.node) === 'bookmark' ? event.node.url : undefined,
            checkedUrl: undefined,
            type: kindOf(event.node),
            removed: true,
          });
        }
        break;
    }
  }
}

const createKey = (parentId: string, title: string, url: string | undefined) => JSON.stringify([parentId, title, url ?? null]);
