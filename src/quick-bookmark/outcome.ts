/**
 * What one quick-bookmark action did, and the notification text for it. Plain data: it is also the reply of the
 * test build's request that runs the action.
 */
import { formatPath } from './folder-paths';

export type QuickBookmarkOutcome =
  | { kind: 'saved'; id: string; url: string; title: string; folderId: string; folderPath: string[]; tags: string[]; note?: string }
  | { kind: 'already'; url: string; existingId: string; folderPath: string[]; copies: number }
  | { kind: 'unbookmarkable'; url: string; reason: string }
  | { kind: 'failed'; url: string; message: string };

export interface NotificationText {
  title: string;
  message: string;
}

function copiesPhrase(copies: number): string {
  return copies === 1 ? '' : ` (${copies} copies exist)`;
}

export function describeOutcome(outcome: QuickBookmarkOutcome): NotificationText {
  switch (outcome.kind) {
    case 'saved': {
      const lines = [outcome.title || outcome.url, `in ${formatPath(outcome.folderPath)}`];
      if (outcome.tags.length) lines.push(`Tags: ${outcome.tags.join(', ')}`);
      if (outcome.note) lines.push(outcome.note);
      return { title: 'Bookmarked', message: lines.join('\n') };
    }
    case 'already':
      return {
        title: 'Already bookmarked',
        message: `Already bookmarked in ${formatPath(outcome.folderPath)}${copiesPhrase(outcome.copies)}. Nothing was added.`,
      };
    case 'unbookmarkable':
      return { title: 'Cannot bookmark this page', message: `${outcome.reason} Nothing was added.` };
    case 'failed':
      return { title: 'Bookmarking failed', message: outcome.message };
  }
}
