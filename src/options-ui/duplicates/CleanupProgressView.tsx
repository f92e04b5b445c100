/**
 * The apply's progress as a person follows it: every phase in its fixed order (done, current, to come, or nothing
 * to do for this plan), the constant total (the plan's copies, the summary's figure), the current rate (moving window) and the time left.
 * A phase never goes back: the view shows the furthest phase reported.
 */
import { useRef } from 'preact/hooks';
import type { ApplyProgress } from '../../dedup';
import { CLEANUP_PHASES, type CleanupNumbers, type CleanupPhase } from '../../dedup';
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

/** Phases this plan gives no work (shown as "nothing to do"): the apply removes copied and empty folders while collapsing, loose copies after. */
function idle(phase: CleanupPhase, n: CleanupNumbers): boolean {
  if (phase === 'merging-tags') return n.tagMerges === 0;
  if (phase === 'moving') return n.moved === 0;
  if (phase === 'collapsing') return n.copiedFolders === 0 && n.emptyFolders === 0;
  if (phase === 'removing') return n.loose === 0;
  return false;
}

/**
 * What the total counts: the plan's copies (the summary's figure), with where they are and what goes along without a
 * count of its own, in the summary's words: "copies removed (787 loose, 800 inside 2 copied folders; and 2 empty folders)".
 */
function unitsText(n: CleanupNumbers): string {
  const parts: string[] = [];
  if (n.copiedFolders) parts.push(n.loose ? plural('progressLooseAndInside', n.copiedFolders, n.loose, n.insideFolders) : plural('progressAllInside', n.copiedFolders));
  if (n.emptyFolders) parts.push(plural('cleanupAndEmptyFolders', n.emptyFolders));
  if (n.moved) parts.push(plural('cleanupItemsToMove', n.moved));
  return parts.length ? t('progressItemsUnit', parts.join('; ')) : t('progressCopiesUnit');
}

export function CleanupProgressView({
  progress,
  numbers,
  paused,
  onPause,
  onCancel,
}: {
  progress: ApplyProgress;
  numbers: CleanupNumbers;
  paused: boolean;
  onPause(): void;
  onCancel(): void;
}) {
  const furthest = useRef(0);
  furthest.current = Math.max(furthest.current, CLEANUP_PHASES.indexOf(progress.phase));
  const current = furthest.current;
  const phases = CLEANUP_PHASES.filter((p) => p !== 'done');
  const detail = paused
    ? t('progressPaused')
    : progress.total > 0 && progress.etaMs !== null && progress.phase !== 'done'
      ? t('progressTimeLeft', formatTimeLeft(progress.etaMs))
      : null;
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
        unit={unitsText(numbers)}
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
