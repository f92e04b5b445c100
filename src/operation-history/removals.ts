/**
 * What the journal keeps of items about to be removed (an organizer delete, a Places save's removal, a redo taking back
 * what an undo re-created): each item with everything under it, its URL's tags, and the titles and ids of the folders
 * above it, so that undo re-creates it where it was even when those folders went too.
 */
import { Ancestry } from '../platform/bookmark-reads';
import type { BookmarkNode, Browser } from '../platform/browser';
import type { TagAccess } from './ports';
import { removedEntryOf, type RemovedEntry, type NewJournalEntry } from './journal-entries';

/**
 * The 'removed' entries of `tops` (nodes as getSubTree gives them: a folder's children are entries too, marked as
 * inside it), topmost first, in the order undo needs.
 */
export async function removalEntries(
  deps: { browser: Browser; tags: Pick<TagAccess, 'getTagsForUrls'> },
  tops: readonly BookmarkNode[],
  reason: RemovedEntry['reason'],
): Promise<NewJournalEntry[]> {
  const ancestry = new Ancestry(deps.browser);
  await ancestry.load(tops.map((n) => n.parentId!).filter(Boolean));
  const entries: (NewJournalEntry & { role: 'removed' })[] = [];
  const add = (node: BookmarkNode, titles: string[], ancestorIds: string[], top: boolean) => {
    entries.push({ ...removedEntryOf(node, titles, ancestorIds, top, top ? reason : 'inside-removed-folder'), tags: [] });
    for (const child of node.children ?? []) add(child, [...titles, node.title], [...ancestorIds, node.id], false);
  };
  for (const node of tops) {
    const chain = ancestry.chain(node.parentId!);
    add(node, ancestry.titles(chain), chain, true);
  }
  // Tags belong to a URL: undo gives them back.
  const urls = [...new Set(entries.map((e) => e.url).filter((u): u is string => !!u))];
  const tagsOf = await deps.tags.getTagsForUrls(urls);
  for (const e of entries) if (e.url) e.tags = tagsOf.get(e.url) ?? [];
  return entries;
}
