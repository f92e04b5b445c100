// SPDX-License-Identifier: MPL-2.0
/**
 * Turns Firefox bookmark nodes into WireNodes (type, position, clock, tags) and gathers their non-root ancestors,
 * so the caller can build each snapshot's `group` chain.
 */
import { isRootId, type Browser, type BookmarkNode } from './support/browser';
import { kindOf } from './support/tree';
import type { TagStore } from './tag-store';
import type { Clock } from './clock';
import type { ItemType, WireNode } from './caller';

/** A node's kind in the Places API's words (a folder is a group). */
export function itemType(node: BookmarkNode): ItemType {
  const kind = kindOf(node);
  return kind === 'folder' ? 'group' : kind;
}

export interface DescribeDeps {
  browser?: Browser;
  tagStore: TagStore;
  clock: Clock;
  /** Tags already known, by item id. */
  knownTags?: Map<string, readonly string[]>;
  /** Clock values already known (just written), by item id. */
  knownUpdated?: Map<string, number>;
  /** Nodes already at hand (a whole tree, the in-memory mirror), by id, to find ancestors without asking Firefox. */
  knownNode?: (id: string) => BookmarkNode | undefined;
}

/** `tags` is referenced, not copied: WireNodes are read only (into snapshots, which copy them into a Set, or the wire). */
export function toWire(node: BookmarkNode, updated: number, tags: readonly string[] | undefined): WireNode {
  const type = itemType(node);
  const wire: WireNode = { type, id: node.id, parentId: node.parentId ?? '', index: node.index ?? 0, updated };
  if (type !== 'separator') wire.title = node.title ?? '';
  if (type === 'bookmark') {
    wire.url = node.url;
    wire.tags = (tags ?? []) as string[];
  }
  if (node.dateAdded !== undefined) wire.dateAdded = node.dateAdded;
  return wire;
}

export async function describeNodes(nodes: readonly BookmarkNode[], deps: DescribeDeps): Promise<{ items: WireNode[]; groups: WireNode[] }> {
  const { browser, tagStore, clock, knownTags = new Map<string, readonly string[]>(), knownUpdated = new Map(), knownNode } = deps;

  // The caller's tags, and those read here for the others (the caller's are not copied: a search has thousands).
  const needTags = nodes.filter((n) => itemType(n) === 'bookmark' && n.url && !knownTags.has(n.id));
  const read = new Map<string, string[]>();
  if (needTags.length) {
    const byUrl = await tagStore.getTagsForUrls(needTags.map((n) => n.url!));
    for (const n of needTags) read.set(n.id, byUrl.get(n.url!) ?? []);
  }
  const tags = { get: (id: string): readonly string[] | undefined => knownTags.get(id) ?? read.get(id) };

  const ancestors = new Map<string, BookmarkNode>();
  let pending = [...new Set(nodes.map((n) => n.parentId).filter((p): p is string => !!p && !isRootId(p)))];
  while (pending.length) {
    const missing: string[] = [];
    for (const id of pending) {
      if (ancestors.has(id)) continue;
      const node = knownNode?.(id);
      if (node) ancestors.set(id, node);
      else missing.push(id);
    }
    if (missing.length && browser) {
      const fetched = await Promise.all(
        missing.map((id) =>
          browser.bookmarks.get(id).then(
            (r) => r[0],
            () => undefined,
          ),
        ),
      );
      for (const node of fetched) if (node) ancestors.set(node.id, node);
    }
    pending = [...new Set(pending.map((id) => ancestors.get(id)?.parentId).filter((p): p is string => !!p && !isRootId(p) && !ancestors.has(p)))];
  }

  const toObserve = [...nodes.filter((n) => !knownUpdated.has(n.id)), ...[...ancestors.values()].filter((n) => !knownUpdated.has(n.id))];
  const observed = toObserve.length ? await clock.observe(toObserve.map((node) => ({ node, tags: tags.get(node.id) ?? [] }))) : new Map<string, number>();
  const updatedOf = (id: string) => knownUpdated.get(id) ?? observed.get(id) ?? 0;

  return {
    items: nodes.map((n) => toWire(n, updatedOf(n.id), tags.get(n.id))),
    groups: [...ancestors.values()].map((n) => toWire(n, updatedOf(n.id), undefined)),
  };
}
