/**
 * Tags, the last step of a restore (undo.ts): taken back tag by tag, only those still as the operation left them
 * (revertTags), and given back to the URLs whose bookmarks came back.
 */
import { msg } from '../i18n';
import { tagKey } from '../platform/tag-key';
import type { TagsEntry } from './journal-entries';
import { errorMessage, type RestoreState } from './undo-state';

/**
 * Tags, as one write at the end: tag edits taken back tag by tag (newest first), the tags merges (or an import) added
 * taken off, and every re-created URL given its tags back. A URL no bookmark uses gets none back (Firefox drops the
 * tags of a URL whose last bookmark went).
 */
export async function restoreTags(state: RestoreState, keptUrls: ReadonlySet<string>) {
  const { entries, problems, live, leftAlone, inv } = state;
  const { tags } = state.deps;
  const urls = new Set<string>();
  for (const e of entries) {
    if (e.role === 'tags' || (e.role === 'tag-merge' && e.tagsAdded.length)) urls.add(e.url);
    else if (e.role === 'removed' && e.url && e.tags.length) urls.add(e.url);
  }
  if (!urls.size) return;
  const before = await tags.getTagsForUrls([...urls]);
  const next = new Map([...urls].map((url) => [url, before.get(url) ?? []]));
  const edits = entries.filter((e): e is TagsEntry => e.role === 'tags').sort((a, b) => b.seq - a.seq);
  for (const e of edits) {
    const { tags: reverted, conflict } = revertTags(next.get(e.url)!, e.before, e.after);
    next.set(e.url, reverted);
    if (conflict) leftAlone.add('changed-since', e.url);
  }
  for (const e of entries) {
    if (e.role === 'tag-merge' && !keptUrls.has(e.url)) {
      const off = new Set(e.tagsAdded.map(tagKey));
      next.set(
        e.url,
        next.get(e.url)!.filter((tag) => !off.has(tagKey(tag))),
      );
    }
  }
  for (const e of entries) if (e.role === 'removed' && e.url && e.tags.length) next.set(e.url, withTags(next.get(e.url)!, e.tags));
  const bookmarked = new Set<string>();
  for (const { node } of live.values()) if (node.url && urls.has(node.url)) bookmarked.add(node.url);
  const changes = [...next]
    .filter(([url, list]) => !sameList(list, before.get(url) ?? []))
    // Taking tags off is always right; giving some back only to a URL a bookmark uses.
    .filter(([url, list]) => bookmarked.has(url) || list.every((tag) => (before.get(url) ?? []).some((had) => tagKey(had) === tagKey(tag))));
  if (!changes.length) return;
  await inv.append(changes.map(([url, after]) => ({ role: 'tags', url, before: before.get(url) ?? [], after })));
  try {
    await tags.replaceTags(changes.map(([url, list]) => ({ url, tags: list })));
  } catch (error) {
    problems.push({ id: changes[0]![0], title: null, message: msg('undoProblemTagsNotRestored', errorMessage(error)) });
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, i) => tag === b[i]);
}

/** `list` with the tags of `more` it lacks (by key), added at the end. */
function withTags(list: readonly string[], more: readonly string[]): string[] {
  const have = new Set(list.map(tagKey));
  const out = [...list];
  for (const tag of more) {
    if (have.has(tagKey(tag))) continue;
    have.add(tagKey(tag));
    out.push(tag);
  }
  return out;
}

/**
 * A URL's tags with one edit taken back, tag by tag: a tag the edit added goes if it is still there, one it removed
 * comes back (in its old place) if it is still gone, one it respelled gets its old spelling if it still has the new
 * one. A tag someone changed otherwise since stays as it is (`conflict`). Tags as the edit left them exactly come back
 * exactly as they were, order included.
 */
export function revertTags(current: readonly string[], before: readonly string[], after: readonly string[]): { tags: string[]; conflict: boolean } {
  if (sameList(current, after)) return { tags: [...before], conflict: false };
  const byKey = (list: readonly string[]) => new Map(list.map((tag) => [tagKey(tag), tag]));
  const was = byKey(before);
  const left = byKey(after);
  const now = byKey(current);
  let out = [...current];
  let conflict = false;
  for (const key of new Set([...was.keys(), ...left.keys()])) {
    if (was.get(key) === left.get(key)) continue;
    if (now.get(key) !== left.get(key)) {
      if (now.get(key) !== was.get(key)) conflict = true;
      continue;
    }
    const old = was.get(key);
    if (old === undefined) out = out.filter((tag) => tagKey(tag) !== key);
    else if (now.has(key)) out = out.map((tag) => (tagKey(tag) === key ? old : tag));
    else out = insertInPlace(out, old, before);
  }
  return { tags: out, conflict };
}

/** Puts `tag` back after the nearest tag that came before it in `order` (else before the nearest after it). */
function insertInPlace(list: string[], tag: string, order: readonly string[]): string[] {
  const keys = list.map(tagKey);
  const at = order.findIndex((t) => tagKey(t) === tagKey(tag));
  for (let i = at - 1; i >= 0; i--) {
    const k = keys.indexOf(tagKey(order[i]!));
    if (k >= 0) return [...list.slice(0, k + 1), tag, ...list.slice(k + 1)];
  }
  for (let i = at + 1; i < order.length; i++) {
    const k = keys.indexOf(tagKey(order[i]!));
    if (k >= 0) return [...list.slice(0, k), tag, ...list.slice(k)];
  }
  return [...list, tag];
}
