/**
 * The Backups view's words for what src/firefox-backups gives back as data (the worker has no message catalog): a
 * file's problem, a backup's date, the biggest change on the timeline.
 */
import type { BackupProblem, TimelineJump } from '../../firefox-backups';
import { MAX_BACKUP_BYTES } from '../../firefox-backups';
import { formatDate, formatNumber, t } from '../../i18n';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => formatNumber(Math.ceil(bytes / MB));

export function problemMessage(problem: BackupProblem): string {
  switch (problem.code) {
    case 'unsupported-name':
      return t('backupsProblemName');
    case 'not-mozlz4':
      return t('backupsProblemMagic');
    case 'too-large':
      return t('backupsProblemTooLarge', megabytes(problem.bytes), megabytes(MAX_BACKUP_BYTES));
    case 'truncated':
      return problem.declared === 0 ? t('backupsProblemHeader') : t('backupsProblemTruncated', problem.declared);
    case 'corrupt':
      return t('backupsProblemCorrupt');
    case 'size-mismatch':
      return t('backupsProblemSizeMismatch', problem.declared);
    case 'not-utf8':
      return t('backupsProblemUtf8');
    case 'not-json':
      return t('backupsProblemJson');
    case 'not-firefox':
      return t('backupsProblemFormat');
    case 'unreadable':
      return t('backupsProblemUnreadable');
  }
}

/** A backup's calendar day (YYYY-MM-DD, Firefox's local day) in the UI's language, the same in every time zone. */
export function backupDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return formatDate(Date.UTC(y, m - 1, d), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "The biggest change: 3,400 → 5,100 bookmarks on 2 December 2026 (+1,700)." */
export function jumpSentence(jump: TimelineJump): string {
  const change = `${jump.change > 0 ? '+' : '−'}${formatNumber(Math.abs(jump.change))}`;
  return t('backupsJump', jump.from.bookmarks, jump.to.bookmarks, backupDate(jump.to.date), change);
}
