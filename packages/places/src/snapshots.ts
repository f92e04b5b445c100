// SPDX-License-Identifier: MPL-2.0
/**
 * Builds snapshot items (Bookmark, Group, Separator) from WireNodes. Each snapshot whose parent is a root gets that
 * very root object (`bookmark.group === UNSORTED`); other parents become Group snapshots, shared within one reply.
 */
import { rootById, snapshotOf, type Group, type GroupRef, type Item } from './items';
import type { WireNode } from './wire';

export class SnapshotBuilder {
  private readonly groups = new Map<string, WireNode>();
  private readonly built = new Map<string, Group>();

  constructor(groups: readonly WireNode[] = []) {
    for (const g of groups) this.groups.set(g.id, g);
  }

  private groupOf(parentId: string): GroupRef {
    const root = rootById(parentId);
    if (root) return root;
    const cached = this.built.get(parentId);
    if (cached) return cached;
    const wire = this.groups.get(parentId);
    if (!wire) return { type: 'group', id: parentId };
    const group = snapshotOf('group', {
      id: wire.id,
      group: this.groupOf(wire.parentId),
      index: wire.index,
      updated: wire.updated,
      title: wire.title ?? '',
      url: '',
      tags: [],
    }) as Group;
    this.built.set(parentId, group);
    return group;
  }

  build(node: WireNode): Item {
    return snapshotOf(node.type, {
      id: node.id,
      group: this.groupOf(node.parentId),
      index: node.index,
      updated: node.updated,
      title: node.title ?? '',
      url: node.url ?? '',
      tags: node.tags ?? [],
    });
  }
}
