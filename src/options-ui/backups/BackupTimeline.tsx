/**
 * The timeline of the opened backups: a bar for each dated backup, oldest first, its date and bookmark count written
 * beside it (a list a screen reader reads as text, the bars only drawn), the biggest change marked on its bar and
 * said in a sentence under the chart. Each bar is a button that compares its backup with now.
 */
import type { Timeline } from '../../firefox-backups';
import { formatNumber, plural, t } from '../../i18n';
import { backupDate, jumpSentence } from './backup-words';

/** `onPick` compares the backup of a bar with now: its date is a button, and a click on its bar or count does the same. */
export function BackupTimeline({ timeline, chosen, onPick }: { timeline: Timeline; chosen: string | null; onPick(fileName: string): void }) {
  const { points, jump, undated } = timeline;
  if (!points.length && !undated) return null;
  const max = Math.max(1, ...points.map((p) => p.bookmarks));
  return (
    <section aria-labelledby="backups-timeline-heading" data-testid="backups-timeline">
      <h3 id="backups-timeline-heading">{t('backupsTimelineHeading')}</h3>
      {points.length > 0 && (
        <ol class="backup-chart" aria-label={t('backupsChartLabel')} data-testid="backups-chart">
          {points.map((p) => {
            const isJump = jump !== null && jump.to === p;
            return (
              // A click anywhere on the row (its date, bar or count) picks it; the date is the button the keyboard reaches.
              <li key={`${p.date} ${p.fileName}`} class={isJump ? 'jump' : undefined} data-testid="backups-chart-point" onClick={() => onPick(p.fileName)}>
                <button
                  type="button"
                  class="backup-chart-pick"
                  aria-pressed={chosen === p.fileName}
                  aria-label={t('backupsCompareBar', backupDate(p.date), formatNumber(p.bookmarks))}
                  title={t('backupsCompareBar', backupDate(p.date), formatNumber(p.bookmarks))}
                >
                  <span class="backup-chart-date">{backupDate(p.date)}</span>
                </button>
                <span class="backup-chart-track" aria-hidden="true">
                  <span class="backup-chart-bar" style={{ inlineSize: `${(p.bookmarks / max) * 100}%` }} />
                </span>
                <span class="backup-chart-count">{formatNumber(p.bookmarks)}</span>
              </li>
            );
          })}
        </ol>
      )}
      <p data-testid="backups-jump">{jump ? jumpSentence(jump) : points.length > 1 ? t('backupsNoChange') : t('backupsOneBackup')}</p>
      {undated > 0 && <p class="muted">{plural('backupsUndated', undated)}</p>}
    </section>
  );
}
