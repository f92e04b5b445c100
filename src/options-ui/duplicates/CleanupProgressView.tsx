/**
 * The apply's progress as a person follows it: every phase in its fixed order (done, current, to come, or nothing
 * to do for this plan), the constant total in the plan's units, the current rate (moving window) and the time left.
 * A phase never goes back: the view shows the furthest phase reported.
 */
import { useRef } from 'preact/hooks';
import type { ApplyProgress } from '../../dedup';
import { CLEANUP_PHASES, type CleanupNumbers, type CleanupPhase } from '../../dedup';
import { count, formatTimeLeft } from '../format';
import { ProgressBar } from '../ProgressBar';

export const APPLY_PHASE_LABELS: Record<CleanupPhase, string> = {
  checking: 'Checking the plan against your bookmarks',
  journaling: 'Writing the undo journal',
  'merging-tags': 'Merging tags onto the copies that stay',
  moving: 'Moving unique items into the folders that stay',
  collapsing: 'Removing copied folders',
  removing: 'Removing loose copies',
  done: 'Done',
};

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
  const parts = [count(n.copies, 'copy', 'copies')];
  if (n.copiedFolders) parts.push(count(n.copiedFolders, 'copied folder', 'copied folders'));
  if (n.emptyFolders) parts.push(count(n.emptyFolders, 'empty folder', 'empty folders'));
  if (n.moved) parts.push(count(n.moved, 'move', 'moves'));
  return parts.join(', ');
}

export function CleanupProgressView({ progress, numbers, paused, onPause, onCancel }: { progress: ApplyProgress; numbers: CleanupNumbers; paused: boolean; onPause(): void; onCancel(): void }) {
  const furthest = useRef(0);
  furthest.current = Math.max(furthest.current, CLEANUP_PHASES.indexOf(progress.phase));
  const current = furthest.current;
  const phases = CLEANUP_PHASES.filter((p) => p !== 'done');
  const detail = paused ? 'paused' : progress.total > 0 && progress.etaMs !== null && progress.phase !== 'done' ? `${formatTimeLeft(progress.etaMs)} left` : null;
  return (
    <div class="cleanup-progress" role="group" aria-labelledby="cleanup-progress-heading" data-testid="cleanup-progress">
      <h3 id="cleanup-progress-heading">Cleaning up</h3>
      <ol class="phases" data-testid="phases">
        {phases.map((phase, i) => {
          const state = i < current || CLEANUP_PHASES[current] === 'done' ? 'done' : i === current ? 'current' : 'todo';
          const none = idle(phase, numbers);
          return (
            <li key={phase} class={`phase ${state}`} aria-current={state === 'current' ? 'step' : undefined} data-phase={phase}>
              <span class="phase-mark" aria-hidden="true">
                {state === 'done' ? '✓' : state === 'current' ? '▶' : '○'}
              </span>
              {APPLY_PHASE_LABELS[phase]}
              {none && state !== 'current' ? <span class="muted"> (nothing to do)</span> : null}
              <span class="visually-hidden">{state === 'done' ? ' (done)' : state === 'current' ? ' (now)' : ''}</span>
            </li>
          );
        })}
      </ol>
      <ProgressBar
        label={progress.total > 0 ? 'Done so far' : APPLY_PHASE_LABELS[CLEANUP_PHASES[current]!]}
        done={progress.done}
        total={progress.total}
        unit={`items (${unitsText(numbers)})`}
        rate={progress.total > 0 && !paused ? progress.rate : null}
        detail={detail}
      />
      <div class="actions">
        <button type="button" onClick={onPause}>
          {paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
