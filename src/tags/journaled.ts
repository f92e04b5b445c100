/**
 * Tag writes as edits of the one history (src/operation-history): what a write will leave on each URL (the tag store's own
 * dry run) is journaled with what each had, then it is written; undo takes it back tag by tag. Run them in the
 * history's queue.
 */
import { editOperation, journaledEdit, type EditDeps, type EditSummary, type NewJournalEntry } from '../operation-history';
import type { Browser } from '../platform/browser';
import { forgetLeftAddresses as forgetLeft } from '@tidymarks/places/background';
import { normalizeTagList } from './tag-name';
import type { TagEdit, TagStore } from './tag-store';

type TagWrites = Pick<TagStore, 'preview' | 'edit' | 'getTagsForUrls'>;

/** One tag write as one edit. Nothing is journaled when it changes nothing. */
export async function journaledTagEdit(deps: EditDeps, tagStore: TagWrites, summary: Omit<EditSummary, 'items' | 'folderTitle'>, edit: TagEdit): Promise<number> {
  const after = await tagStore.preview(edit);
  if (!after.length) return tagStore.edit(edit);
  const before = await tagStore.getTagsForUrls(after.map((c) => c.url));
  const entries = after.map((c) => ({ role: 'tags' as const, url: c.url, before: before.get(c.url) ?? [], after: c.tags }));
  return journaledEdit(deps, { ...summary, items: after.length, folderTitle: null }, entries, async (steps, stored) => {
    await steps.attempt(stored.map((e) => e.seq));
    const changed = await tagStore.edit(edit);
    for (const e of stored) await steps.done(e.seq);
    return changed;
  });
}

/**
 * Many tag additions (a file's tags, a backup's) as one edit: each batch journaled before it is written, the edit
 * named at the end with the number of addresses it changed.
 */
export function journaledTagAdds(deps: EditDeps, tagStore: TagWrites, action: 'tags-import' | 'tags-restore') {
  const operation = editOperation(deps, { action, items: 0, folderTitle: null });
  const changed = new Set<string>();
  return {
    async add(urls: readonly string[], tags: readonly string[]): Promise<number> {
      const edit = { kind: 'add', urls, tags } as const;
      const after = await tagStore.preview(edit);
      if (after.length) {
        const before = await tagStore.getTagsForUrls(after.map((c) => c.url));
        await operation.append(after.map((c) => ({ role: 'tags' as const, url: c.url, before: before.get(c.url) ?? [], after: c.tags })));
        for (const c of after) changed.add(c.url);
      }
      return tagStore.edit(edit);
    },
    finish: () => operation.finish({ edit: { action, items: changed.size, folderTitle: null } }),
  };
}

/**
 * Addresses bookmarks have just left (a new address): those no bookmark has any more lose their tags, as in Firefox;
 * what each had is journaled first (`append`: the running edit's), so undo gives the tags back with the old address.
 * The Places package's cleanup (packages/places, orphans.ts), heard as journal entries.
 */
export function forgetLeftAddresses(
  deps: { browser: Browser; tagStore: TagStore },
  append: (entries: NewJournalEntry[]) => Promise<unknown>,
  urls: readonly string[],
): Promise<void> {
  return forgetLeft(deps, (changes) => append(changes.map((c) => ({ role: 'tags', ...c }))), urls);
}

/**
 * Bookmarks that went from one address to another (a fix's update, a Wayback replace) or got a copy at another (a
 * snapshot added beside): the tags of each old address join the new one's (merged with what it has), journaled
 * (`append`: the running edit's) before they are written; then an old address no bookmark has any more loses its tags
 * (forgetLeftAddresses). Undo gives every tag back where it was.
 */
export async function carryTags(
  deps: { browser: Browser; tagStore: TagStore },
  append: (entries: NewJournalEntry[]) => Promise<unknown>,
  carried: readonly { from: string; to: string }[],
): Promise<void> {
  const { tagStore } = deps;
  const had = await tagStore.getTagsForUrls([...new Set(carried.flatMap((m) => [m.from, m.to]))]);
  const next = new Map<string, string[]>();
  for (const { from, to } of carried) {
    const mine = had.get(from) ?? [];
    if (mine.length) next.set(to, normalizeTagList([...(next.get(to) ?? had.get(to) ?? []), ...mine]));
  }
  const entries = [...next].map(([url, list]) => ({ url, tags: list }));
  if (entries.length) {
    const after = await tagStore.preview({ kind: 'set', entries });
    if (after.length) await append(after.map((c) => ({ role: 'tags', url: c.url, before: had.get(c.url) ?? [], after: c.tags })));
    await tagStore.setTagsMany(entries);
  }
  await forgetLeftAddresses(deps, append, [...new Set(carried.map((m) => m.from))]);
}
