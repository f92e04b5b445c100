/** The first phase of a cleanup run: each URL whose copies go gets their tags, before anything is removed. */
import { errorMessage } from '../../platform/bookmark-reads';
import type { JournalEntry } from '../../operation-history';
import { msg } from '../../i18n';
import { problem } from './plan-check';
import type { RunState } from './run-state';

/** Adds the journaled tags to each URL whose copies go. */
export async function mergeTags(run: RunState, entries: JournalEntry[]) {
  run.meter.report('merging-tags');
  // Tag merges first: harmless if anything later is interrupted, and the survivor keeps every tag.
  for (const e of entries) {
    if (e.role !== 'tag-merge') continue;
    // The tags each URL had are journaled before any is added.
    await run.begun;
    try {
      await run.deps.tags.addTags([e.url], e.tagsAdded);
      run.counts.tagMerges++;
      run.log.note({ done: [e.seq] });
    } catch (error) {
      run.problems.push(problem(e.url, null, 'error', msg('cleanupProblemTagsNotMerged', e.url, errorMessage(error))));
      run.skippedSeqs.add(e.seq);
      run.log.note({ skipped: [e.seq] });
    }
  }
}
