/**
 * Builds snapshot items (Bookmark, Group, Separator) from WireNodes. Each snapshot whose parent is a root gets that
 * very root object (`bookmark.group === UNSORTED`); other parents become Group snapshots, shared within one reply.
 */
import { Bookmark, Group, Separator, rootById, type GroupRef, type Item } from './items';
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
    const group = new Group({ id: wire.id, group: this.groupOf(wire.parentId), index: wire.index, updated: wire.updated, title: wire.title ?? '' });
    this.built.set(parentId, group);
    return group;
  }

  build(node: WireNode): Item {
    const common = { id: node.id, group: this.groupOf(node.parentId), index: node.index, updated: node.updated };
    if (node.type === 'bookmark') return new Bookmark({ ...common, title: node.title ?? '', url: node.url, tags: node.tags ?? [] });
    if (node.type === 'group') return new Group({ ...common, title: node.title ?? '' });
    return new Separator(common);
  }
}
