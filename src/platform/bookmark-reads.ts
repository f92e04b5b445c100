/**
 * Reading many bookmarks with few calls, as apply and undo need them: batched gets that survive missing ids, one
 * getTree when that is cheaper, and ancestor chains (paths) with each folder fetched once.
 */
import { descendants, getExisting } from '@tidymarks/places/support';
import type { BookmarkNode, Browser } from './browser';

export { chunks, errorMessage, getExisting } from '@tidymarks/places/support';

/** Above this many ids to check, one getTree is cheaper than batched gets. */
export const WHOLE_TREE_ABOVE = 300;

export function indexWholeTree(roots: BookmarkNode[]): Map<string, BookmarkNode> {
  const out = new Map<string, BookmarkNode>();
  for (const node of descendants(roots)) out.set(node.id, node);
  return out;
}

/** Folder titles and parents, fetched level by level and cached, to compute paths and ancestor chains. */
export class Ancestry {
  private readonly known = new Map<string, { title: string; parentId: string | undefined }>();

  constructor(private readonly browser: Browser) {}

  note(node: BookmarkNode) {
    this.known.set(node.id, { title: node.title, parentId: node.parentId });
  }

  /** Makes sure every ancestor of the given parent ids is known. */
  async load(parentIds: Iterable<string>): Promise<void> {
    let wanted = [...new Set(parentIds)].filter((id) => !this.known.has(id));
    while (wanted.length) {
      const found = await getExisting(this.browser, wanted);
      const next = new Set<string>();
      for (const id of wanted) {
        const node = found.get(id);
        this.known.set(id, { title: node?.title ?? '', parentId: node?.parentId });
        if (node?.parentId && !this.known.has(node.parentId)) next.add(node.parentId);
      }
      wanted = [...next];
    }
  }

  /** Ancestor ids of an item whose parent is `parentId`, root first (the root itself excluded). */
  chain(parentId: string): string[] {
    const out: string[] = [];
    for (let id: string | undefined = parentId; id && this.known.has(id); id = this.known.get(id)!.parentId) {
      if (!this.known.get(id)!.parentId) break; // the invisible root
      out.push(id);
      if (out.length > 1000) break;
    }
    return out.reverse();
  }

  /** The folders it knows, as nodes with id, parent and title. */
  nodes(): BookmarkNode[] {
    return [...this.known].map(([id, { title, parentId }]) => ({ id, title, parentId, type: 'folder' }) as BookmarkNode);
  }

  titles(chain: readonly string[]): string[] {
    return chain.map((id) => this.known.get(id)?.title ?? '');
  }
}
