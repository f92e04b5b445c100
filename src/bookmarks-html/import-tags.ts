/**
 * "Bring in Firefox's tags": from a bookmarks.html, adds each entry's TAGS to the bookmarks that already exist with
 * its URL, and creates nothing. Firefox does not let extensions read its tags, but its own export writes them
 * (TAGS="a,b"), so exporting from Firefox and bringing the file in here is how a person's Firefox tags reach
 * Tidymarks. An entry matches a bookmark with exactly its URL (in the form Firefox stores it), else one with the
 * same URL by the safe matching rules (src/url-matching/safe-matching.ts); tagged entries with no bookmark here are
 * counted and listed, and nothing is created for them.
 */
import { createSafeMatchKeyer } from '../url-matching';
import type { JobContext } from '../messaging/define';
import type { Browser } from '../platform/browser';
import { descendants } from '../platform/tree';
import type { HtmlNode } from './document';
import { byTagList, MAX_LISTED, type ImportProgress } from './import';
import { collectUrls, storedForm } from './import-plan';
import { parseBookmarksHtml, truncatedError, type ParseProblem } from './parse';
import { msg } from '../i18n';
import { errorMessage } from '../platform/bookmark-reads';

export interface TagsImportReport {
  /** Bookmarks in the file, and how many of them have tags. */
  inFile: { bookmarks: number; tagged: number };
  /** Tagged entries whose URL is bookmarked here. */
  matched: number;
  /** Addresses that received tags (each once; not those that had every tag the file gives them already). */
  taggedUrls: number;
  /** Tagged entries whose URL is not bookmarked here: nothing was created for them. */
  unmatchedCount: number;
  /** The first MAX_LISTED of them. */
  unmatched: { title: string; url: string }[];
  problems: ParseProblem[];
  truncated: ParseProblem | null;
}

export interface TagsImportDeps {
  browser: Browser;
  /** Adds tags to addresses; returns how many addresses it changed. */
  addTags(urls: readonly string[], tags: readonly string[]): Promise<number>;
}

export async function importTagsOnly(
  deps: TagsImportDeps,
  input: { html: string; acceptTruncated?: boolean },
  ctx: JobContext<ImportProgress>,
): Promise<TagsImportReport> {
  const { document, problems, truncated } = parseBookmarksHtml(input.html);
  if (truncated && !input.acceptTruncated) throw truncatedError(truncated);

  const existing: string[] = [];
  collectUrls(await deps.browser.bookmarks.getTree(), existing);
  const exact = new Set(existing);
  const keyOf = createSafeMatchKeyer();
  const byKey = new Map<string, string>();
  for (const url of existing) if (!byKey.has(keyOf(url))) byKey.set(keyOf(url), url);

  const report: TagsImportReport = {
    inFile: { bookmarks: 0, tagged: 0 },
    matched: 0,
    taggedUrls: 0,
    unmatchedCount: 0,
    unmatched: [],
    problems: [...problems],
    truncated,
  };
  /** url here -> tags from the file. */
  const tagsByUrl = new Map<string, Set<string>>();
  for (const node of descendants<HtmlNode>(document.children)) {
    if (node.kind !== 'bookmark') continue;
    report.inFile.bookmarks++;
    if (!node.tags.length) continue;
    report.inFile.tagged++;
    const url = storedForm(node.url);
    const here = exact.has(url) ? url : byKey.get(keyOf(url));
    if (here === undefined) {
      report.unmatchedCount++;
      if (report.unmatched.length < MAX_LISTED) report.unmatched.push({ title: node.title, url });
      continue;
    }
    report.matched++;
    let set = tagsByUrl.get(here);
    if (!set) tagsByUrl.set(here, (set = new Set()));
    for (const tag of node.tags) set.add(tag);
  }

  // One tag-store write per distinct tag list.
  const lists = byTagList(tagsByUrl);
  const total = lists.length;
  let done = 0;
  for (const { tags, urls } of lists) {
    await ctx.checkpoint();
    try {
      // Only the addresses whose tags change count: one that had every tag already is not "tagged" again.
      report.taggedUrls += await deps.addTags(urls, tags);
    } catch (error) {
      report.problems.push({ line: 0, message: msg('importProblemTagsNotStored', tags.join(', '), errorMessage(error)) });
    }
    done++;
    ctx.progress({ done, total, imported: report.taggedUrls, skipped: 0 });
  }
  return report;
}
