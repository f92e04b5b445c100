/**
 * The apply's progress as a person follows it: every phase in its fixed order (done, current, to come, or nothing
 * to do for this plan), the constant total in the plan's units, the current rate (moving window) and the time left.
 * A phase never goes back: the view shows the furthest phase reported.
 */
import { useRef } from 'preact/hooks';
import type { ApplyProgress } from '../../dedup/cleanup/apply';
import { CLEANUP_PHASES, type CleanupNumbers, type CleanupPhase } from '../../dedup/cleanup-numbers';
import { plural, t } from '../../i18n';
import { formatTimeLeft } from '../format';
import { ProgressBar } from '../ProgressBar';

export function applyPhaseLabel(phase: CleanupPhase): string {
  switch (phase) {
    case 'checking':
      return t('applyPhaseChecking');
    case 'journaling':
      return t('applyPhaseJournaling');
    case 'merging-tags':
      return t('applyPhaseMergingTags');
    case 'moving':
      return t('applyPhaseMoving');
    case 'collapsing':
      return t('applyPhaseCollapsing');
    case 'removing':
      return t('applyPhaseRemoving');
    case 'done':
      return t('phaseDone');
  }
}

/** Phases this plan gives no work (shown as "nothing to do"). */
function idle(phase: CleanupPhase, n: CleanupNumbers): boolean {
  if (phase === 'merging-tags') return n.tagMerges === 0;
  if (phase === 'moving') return n.moved === 0;
  if (phase === 'collapsing') return n.copiedFolders === 0;
  if (phase === 'removing') return n.loose === 0 && n.emptyFolders === 0;
  return false;
}

/** What the total is made of: "1,587 copies, 2 copied folders, 2 empty folders". */
function unitsText(n: CleanupNumbers): string {
  const parts = [plural('dupCopies', n.copies)];
  if (n.copiedFolders) parts.push(plural('dupCopiedFolders', n.copiedFolders));
  if (n.emptyFolders) parts.push(plural('dupEmptyFolders', n.emptyFolders));
  if (n.moved) parts.push(plural('dupMoves', n.moved));
  return parts.join(', ');
}

export function CleanupProgressView({ progress, numbers, paused, onPause, onCancel }: { progress: ApplyProgress; numbers: CleanupNumbers; paused: boolean; onPause(): void; onCancel(): void }) {
  const furthest = useRef(0);
  furthest.current = Math.max(furthest.current, CLEANUP_PHASES.indexOf(progress.phase));
  const current = furthest.current;
  const phases = CLEANUP_PHASES.filter((p) => p !== 'done');
  const detail = paused ? t('progressPaused') : progress.total > 0 && progress.etaMs !== null && progress.phase !== 'done' ? t('progressTimeLeft', formatTimeLeft(progress.etaMs)) : null;
  return (
    <div class="cleanup-progress" role="group" aria-labelledby="cleanup-progress-heading" data-testid="cleanup-progress">
      <h3 id="cleanup-progress-heading">{t('progressCleaningUp')}</h3>
      <ol class="phases" data-testid="phases">
        {phases.map((phase, i) => {
          const state = i < current || CLEANUP_PHASES[current] === 'done' ? 'done' : i === current ? 'current' : 'todo';
          const none = idle(phase, numbers);
          return (
            <li key={phase} class={`phase ${state}`} aria-current={state === 'current' ? 'step' : undefined} data-phase={phase}>
              <span class="phase-mark" aria-hidden="true">
                {state === 'done' ? '✓' : state === 'current' ? '▶' : '○'}
              </span>
              {applyPhaseLabel(phase)}
              {none && state !== 'current' ? <span class="muted"> {t('progressNothingToDo')}</span> : null}
              <span class="visually-hidden">{state === 'done' ? ` ${t('progressStepDone')}` : state === 'current' ? ` ${t('progressStepNow')}` : ''}</span>
            </li>
          );
        })}
      </ol>
      <ProgressBar
        label={progress.total > 0 ? t('progressDoneSoFar') : applyPhaseLabel(CLEANUP_PHASES[current]!)}
        done={progress.done}
        total={progress.total}
        unit={t('progressItemsUnit', unitsText(numbers))}
        rate={progress.total > 0 && !paused ? progress.rate : null}
        detail={detail}
      />
      <div class="actions">
        <button type="button" onClick={onPause}>
          {paused ? t('progressResume') : t('progressPause')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('optionsCancel')}
        </button>
      </div>
    </div>
  );
}
