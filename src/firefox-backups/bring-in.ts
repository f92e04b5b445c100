/**
 * Brings Firefox's tags and keywords from one of its backups onto the bookmarks there are now, as ONE edit of the
 * history, creating no bookmark. Each bookmark of the backup that has tags or a keyword is matched with a bookmark now
 * by its GUID (a WebExtension bookmark's id), else by its address (exactly as stored); Tidymarks' tags and keywords
 * belong to an address, so what it brings goes to the address of the bookmark it matched.
 *
 * - Tags are added (merged, as the tag store spells them); none is ever taken away.
 * - A keyword is set only where the address has none: an address with another keyword in Tidymarks keeps it, and a
 *   keyword that already leads to another address stays there (one keyword, one address, as in Firefox); both are
 *   counted and said.
 * - Journaled before anything is written ('tags' and 'keyword' entries: each address's tags and keyword before and
 *   after), run in the history's queue: undo takes back exactly what this added, leaving what someone changed since.
 */
import type { JobContext } from '../messaging/define';
import type { Browser } from '../platform/browser';
import { descendants, kindOf } from '../platform/tree';
import { tagKey } from '../platform/tag-key';
import { editOperation, type EditDeps, type NewJournalEntry } from '../operation-history';
import type { TagEdit, TagStore } from '../tags';
import { normalizeTagList } from '../tags';
import { keywordOrNull, type KeywordStore } from '../keywords';
import type { BackupAnnotation } from './tree-types';

export interface BringInProgress {
  done: number;
  total: number;
}

export interface BringInReport {
  /** The backup's bookmarks with tags or a keyword, and how each was matched now. */
  items: number;
  byGuid: number;
  byAddress: number;
  /** No bookmark now with its GUID or its address: nothing is created for it. */
  unmatched: number;
  /** Bookmarks now whose address was given at least one new tag. */
  bookmarksTagged: number;
  tagsAdded: number;
  keywordsSet: number;
  /** The address had this keyword already. */
  keywordsAlready: number;
  /** The address has another keyword in Tidymarks: kept. */
  keywordsDiffer: number;
  /** The keyword leads to another address in Tidymarks (or in this backup, to an address matched before): kept there. */
  keywordsTaken: number;
  /** Tags and keywords Tidymarks cannot keep (too long, a keyword with a space). */
  refused: number;
  operationId: string | null;
}

interface Matched {
  url: string;
  tags: string[];
  keyword: string | null;
}

/** Each annotation's address now: by GUID, then by the exact address; null when nothing matches. */
export function matchAnnotations(items: readonly BackupAnnotation[], bookmarks: ReadonlyMap<string, string>, addresses: ReadonlySet<string>) {
  let byGuid = 0;
  let byAddress = 0;
  const matched: (Matched | null)[] = items.map((item) => {
    const viaGuid = item.guid === null ? undefined : bookmarks.get(item.guid);
    if (viaGuid !== undefined) {
      byGuid++;
      return { url: viaGuid, tags: item.tags, keyword: item.keyword };
    }
    if (addresses.has(item.url)) {
      byAddress++;
      return { url: item.url, tags: item.tags, keyword: item.keyword };
    }
    return null;
  });
  return { matched, byGuid, byAddress };
}

/** Tags Tidymarks keeps, each checked alone: one it refuses does not keep the others out. */
function acceptedTags(tags: readonly string[], refuse: () => void): string[] {
  const out: string[] = [];
  for (const tag of tags) {
    try {
      out.push(...normalizeTagList([tag]));
    } catch {
      refuse();
    }
  }
  return out;
}

export interface BringInDeps {
  browser: Browser;
  edits: EditDeps;
  tags: Pick<TagStore, 'getTagsForUrls' | 'preview' | 'edit'>;
  keywords: Pick<KeywordStore, 'all' | 'replaceKeywords'>;
  /** The whole tree (the search index's mirror while current); default getTree. */
  readTree?: () => ReturnType<Browser['bookmarks']['getTree']>;
}

export async function bringIn(deps: BringInDeps, items: readonly BackupAnnotation[], ctx: JobContext<BringInProgress>): Promise<BringInReport> {
  ctx.progress({ done: 0, total: items.length });
  const tree = await (deps.readTree ?? (() => deps.browser.bookmarks.getTree()))();
  const bookmarks = new Map<string, string>();
  const copies = new Map<string, number>();
  for (const node of descendants(tree)) {
    if (kindOf(node) !== 'bookmark' || !node.url) continue;
    bookmarks.set(node.id, node.url);
    copies.set(node.url, (copies.get(node.url) ?? 0) + 1);
  }
  const { matched, byGuid, byAddress } = matchAnnotations(items, bookmarks, new Set(copies.keys()));
  const report: BringInReport = {
    items: items.length,
    byGuid,
    byAddress,
    unmatched: items.length - byGuid - byAddress,
    bookmarksTagged: 0,
    tagsAdded: 0,
    keywordsSet: 0,
    keywordsAlready: 0,
    keywordsDiffer: 0,
    keywordsTaken: 0,
    refused: 0,
    operationId: null,
  };
  const refuse = () => report.refused++;

  // Per address: the tags it is to get, and the keywords offered (the first one wins; Firefox keeps one per address).
  const tagsFor = new Map<string, string[]>();
  const keywordOffers: { url: string; keyword: string }[] = [];
  for (const m of matched) {
    if (!m) continue;
    const tags = acceptedTags(m.tags, refuse);
    if (tags.length) tagsFor.set(m.url, [...(tagsFor.get(m.url) ?? []), ...tags]);
    if (m.keyword !== null) {
      const keyword = keywordOrNull(m.keyword);
      if (keyword === null) refuse();
      else keywordOffers.push({ url: m.url, keyword });
    }
  }

  // Tags: only addresses that gain one, each given its list with the new tags after its own.
  const had = await deps.tags.getTagsForUrls([...tagsFor.keys()]);
  const entries: { url: string; tags: string[] }[] = [];
  for (const [url, offered] of tagsFor) {
    const mine = had.get(url) ?? [];
    const keys = new Set(mine.map(tagKey));
    const added: string[] = [];
    for (const tag of offered) {
      if (keys.has(tagKey(tag))) continue;
      keys.add(tagKey(tag));
      added.push(tag);
    }
    if (!added.length) continue;
    entries.push({ url, tags: [...mine, ...added] });
    report.tagsAdded += added.length;
    report.bookmarksTagged += copies.get(url) ?? 0;
  }
  const tagEdit: TagEdit = { kind: 'set', entries };
  const tagsAfter = entries.length ? await deps.tags.preview(tagEdit) : [];

  // Keywords: set where the address has none and the keyword leads nowhere else.
  const current = new Map((await deps.keywords.all()).map((e) => [e.url, e.keyword]));
  const leadsTo = new Map([...current].map(([url, keyword]) => [keyword, url]));
  const keywordWrites: { url: string; keyword: string }[] = [];
  const given = new Map<string, string>();
  for (const { url, keyword } of keywordOffers) {
    const now = current.get(url) ?? given.get(url);
    if (now === keyword) report.keywordsAlready++;
    else if (now !== undefined) report.keywordsDiffer++;
    else if (leadsTo.has(keyword)) report.keywordsTaken++;
    else {
      keywordWrites.push({ url, keyword });
      leadsTo.set(keyword, url);
      given.set(url, keyword);
      report.keywordsSet++;
    }
  }

  const journal: NewJournalEntry[] = [
    ...tagsAfter.map((c) => ({ role: 'tags' as const, url: c.url, before: had.get(c.url) ?? [], after: c.tags })),
    ...keywordWrites.map((w) => ({ role: 'keyword' as const, url: w.url, before: null, after: w.keyword })),
  ];
  if (journal.length) {
    const changed = new Set([...tagsAfter.map((c) => c.url), ...keywordWrites.map((w) => w.url)]);
    const operation = editOperation(deps.edits, { action: 'backup-tags-keywords', items: changed.size, folderTitle: null });
    await operation.append(journal);
    try {
      if (entries.length) await deps.tags.edit(tagEdit);
      if (keywordWrites.length) await deps.keywords.replaceKeywords(keywordWrites);
    } finally {
      await operation.finish();
    }
    report.operationId = await operation.sessionId;
  }
  ctx.progress({ done: items.length, total: items.length });
  return report;
}
