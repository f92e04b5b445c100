/** The journal of a cleanup run: every item it will change, written in one transaction before anything changes. */
import { tagKey } from '../../platform/tag-key';
import { removedEntryOf, type NewJournalEntry, type RemovedEntryData, type TagAccess } from '../../operation-history';
import type { CleanupPlan } from '../plan-types';
import type { PlanCheck } from './plan-check';
import type { Replacement } from './run-state';

/** Tags of many URLs: above a few hundred, one read of every tagged URL beats one lookup per URL. */
async function tagsForUrls(tags: TagAccess, urls: string[]): Promise<Map<string, string[]>> {
  if (urls.length <= 500) return tags.getTagsForUrls(urls);
  const all = new Map((await tags.all()).map((e) => [e.url, e.tags]));
  return new Map(urls.map((u) => [u, all.get(u) ?? []]));
}

type RemovedRecord = RemovedEntryData;

/** Step 2's entries: the journal of everything the session will change. */
export async function buildEntries(check: PlanCheck, plan: CleanupPlan, tags: TagAccess, replacements: readonly Replacement[]): Promise<NewJournalEntry[]> {
  const movedIds = new Set(check.moves.keys());
  const removed: RemovedRecord[] = [];
  for (const r of check.removals.values()) {
    const chain = check.ancestry.chain(r.node.parentId!);
    removed.push(removedEntryOf(r.node, check.ancestry.titles(chain), chain, true, r.planned.reason));
    // Descendants, minus moved unique children (and what is inside them: it moves along).
    const skipUnder = new Set<string>();
    const titles = new Map<string, string>([[r.node.id, r.node.title]]);
    for (const d of r.descendants) {
      titles.set(d.node.id, d.node.title);
      if (movedIds.has(d.node.id) || skipUnder.has(d.node.parentId!)) {
        skipUnder.add(d.node.id);
        continue;
      }
      const fullChain = [...chain, ...d.parentChainFromFolder];
      const path = [...check.ancestry.titles(chain), ...d.parentChainFromFolder.map((id) => titles.get(id) ?? '')];
      removed.push(removedEntryOf(d.node, path, fullChain, false, 'inside-removed-folder'));
    }
  }
  const urls = new Set<string>();
  for (const e of removed) if (e.url) urls.add(e.url);
  for (const m of plan.tagMerges) urls.add(m.url);
  const tagsOf = urls.size ? await tagsForUrls(tags, [...urls]) : new Map<string, string[]>();

  const entries: NewJournalEntry[] = removed.map((e) => ({ ...e, tags: e.url ? (tagsOf.get(e.url) ?? []) : [] }));
  for (const m of check.moves.values()) {
    entries.push({ role: 'moved', id: m.node.id, title: m.node.title, parentId: m.node.parentId!, index: m.node.index ?? 0, toParentId: m.planned.toParentId });
  }
  for (const merge of plan.tagMerges) {
    const before = tagsOf.get(merge.url) ?? [];
    const have = new Set(before.map(tagKey));
    const added: string[] = [];
    for (const tag of merge.tags) {
      if (have.has(tagKey(tag))) continue;
      have.add(tagKey(tag));
      added.push(tag);
    }
    if (added.length) entries.push({ role: 'tag-merge', url: merge.url, tagsBefore: before, tagsAdded: added });
  }
  for (const { folder, survivors } of replacements) {
    entries.push({
      role: 'replaced-folder',
      id: folder.id,
      parentId: folder.parentId!,
      index: folder.index ?? 0,
      title: folder.title,
      dateAdded: folder.dateAdded ?? null,
      survivors: survivors.map((n) => ({ id: n.id, index: n.index ?? 0 })),
    });
  }
  return entries;
}
