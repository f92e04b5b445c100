/** The report on top of the Duplicates page: what the last cleanup did (and what it left as it was), or what an undo put back. */
import { describeCleanup, describeUndone } from '../../operation-words';
import { plural, say, t } from '../../i18n';
import { formatElapsed } from '../format';
import { Marked, markUntrusted } from './Marked';
import type { Banner } from './use-cleanup-job';

export function CleanupReport({ banner }: { banner: Banner }) {
  if (banner.kind === 'undone')
    return (
      <div class="report" role="status" data-testid="undo-banner">
        <p>
          <strong>{t('dupUndone')}:</strong> {t('dupUndoneReport', describeUndone(banner.result))}
        </p>
      </div>
    );
  return (
    <div class="report" role="status" data-testid="apply-result">
      <p>
        <strong>{banner.result.cancelled ? t('dupCancelledPartWay') : t('dupCleanedUp')}:</strong>{' '}
        {t('dupAppliedResult', describeCleanup(banner.result.counts, 'done'), formatElapsed(banner.result.elapsedMs))}
      </p>
      {banner.result.problems.length > 0 && (
        <details open>
          <summary>{plural('dupLeftAsTheyAre', banner.result.problems.length)}</summary>
          <ul class="plain-list" data-testid="apply-problems">
            {banner.result.problems.map((p, i) => (
              <li key={i}>
                <Marked text={t('historyProblem', markUntrusted(p.title ?? p.id), say(p.message))} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
