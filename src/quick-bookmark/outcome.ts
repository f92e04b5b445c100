/**
 * What one quick-bookmark action did, and the notification text for it. Plain data: it is also the reply of the
 * test build's request that runs the action.
 */
import { formatPath } from '../platform/folder-path';
import { t } from '../i18n';

export type QuickBookmarkOutcome =
  | { kind: 'saved'; id: string; url: string; title: string; folderId: string; folderPath: string[]; tags: string[]; note?: string }
  | { kind: 'already'; url: string; existingId: string; folderPath: string[]; copies: number }
  | { kind: 'unbookmarkable'; url: string; reason: string }
  | { kind: 'failed'; url: string; message: string };

export interface NotificationText {
  title: string;
  message: string;
}

export function describeOutcome(outcome: QuickBookmarkOutcome): NotificationText {
  switch (outcome.kind) {
    case 'saved': {
      const lines = [outcome.title || outcome.url, t('notifyInFolder', formatPath(outcome.folderPath))];
      if (outcome.tags.length) lines.push(t('notifyTags', outcome.tags.join(', ')));
      if (outcome.note) lines.push(outcome.note);
      return { title: t('notifyBookmarked'), message: lines.join('\n') };
    }
    case 'already':
      return {
        title: t('notifyAlreadyTitle'),
        message: outcome.copies === 1 ? t('notifyAlreadyIn', formatPath(outcome.folderPath)) : t('notifyAlreadyInCopies', formatPath(outcome.folderPath), outcome.copies),
      };
    case 'unbookmarkable':
      return { title: t('notifyCannotTitle'), message: t('notifyNothingAdded', outcome.reason) };
    case 'failed':
      return { title: t('notifyFailedTitle'), message: outcome.message };
  }
}
