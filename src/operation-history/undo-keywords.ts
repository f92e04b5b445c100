/**
 * Keywords, after the tags in a restore (undo.ts): each address's keyword taken back to what it was before the
 * operation, only while it still has the one the operation gave it; a keyword someone set since stays (changed-since).
 */
import { msg } from '../i18n';
import type { KeywordEntry } from './journal-entries';
import { errorMessage, type RestoreState } from './undo-state';

export async function restoreKeywords(state: RestoreState) {
  const { entries, problems, leftAlone, inv } = state;
  const store = state.deps.keywords;
  const edits = entries.filter((e): e is KeywordEntry => e.role === 'keyword').sort((a, b) => b.seq - a.seq);
  if (!edits.length || !store) return;
  const urls = [...new Set(edits.map((e) => e.url))];
  const had = await store.getKeywordsForUrls(urls);
  const before = new Map(urls.map((url) => [url, had.get(url) ?? null]));
  const next = new Map(before);
  for (const e of edits) {
    if (next.get(e.url) === e.after) next.set(e.url, e.before);
    else if (next.get(e.url) !== e.before) leftAlone.add('changed-since', e.url);
  }
  const changes = [...next].filter(([url, keyword]) => keyword !== before.get(url));
  if (!changes.length) return;
  await inv.append(changes.map(([url, keyword]) => ({ role: 'keyword', url, before: before.get(url) ?? null, after: keyword })));
  try {
    await store.replaceKeywords(changes.map(([url, keyword]) => ({ url, keyword })));
  } catch (error) {
    problems.push({ id: changes[0]![0], title: null, message: msg('undoProblemKeywordsNotRestored', errorMessage(error)) });
  }
}
