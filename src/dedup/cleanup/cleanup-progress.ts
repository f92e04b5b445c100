/**
 * The apply's progress as a person reads it (cleanup-numbers.ts): phases only ever go forward, the total is fixed
 * when the meter is made (after journaling), the rate is the work done over the last few seconds (not an average
 * inflated by a copied folder of 400 going in one call), and the time left adds up what is left of each kind of
 * step at that step's own observed cost.
 */
import { CLEANUP_PHASES, type CleanupPhase, type CleanupProgress } from '../../operation-history';

/** The kinds of step an apply takes; each has its own cost per call. */
export type StepKind = 'move' | 'folder' | 'loose';

/** Costs per call before any is observed (ms, Firefox ESR on a 2-core machine; docs/ARCHITECTURE.md "Cleanup speed"). */
const PRIOR_MS: Record<StepKind, number> = { move: 4, folder: 60, loose: 3 };
/** The rate is measured over this window. */
export const RATE_WINDOW_MS = 3_000;

export interface ProgressMeter {
  /** `calls` steps of `kind` are done, worth `units` of the total: the copies they removed (a copied folder: the bookmarks in it; an empty folder or a move: 0). */
  advance(kind: StepKind, calls: number, units: number): void;
  /** Steps of `kind` that will not be taken after all (skipped, cancelled): they leave the estimate, not the total. */
  drop(kind: StepKind, calls: number): void;
  /** Reports the phase (never an earlier one than already reported). */
  report(phase: CleanupPhase): void;
  readonly done: number;
}

export function createProgressMeter(options: {
  now: () => number;
  total: number;
  /** How many calls of each kind the apply will make. */
  calls: Record<StepKind, number>;
  emit: (progress: CleanupProgress) => void;
}): ProgressMeter {
  const { now, total, emit } = options;
  const left = { ...options.calls };
  const spent: Record<StepKind, { calls: number; ms: number }> = { move: { calls: 0, ms: 0 }, folder: { calls: 0, ms: 0 }, loose: { calls: 0, ms: 0 } };
  let last = now();
  let done = 0;
  let phaseIndex = 0;
  /** (time, done) samples within the rate window, oldest first. */
  const samples: [number, number][] = [[last, 0]];

  const costOf = (kind: StepKind) => (spent[kind].calls ? spent[kind].ms / spent[kind].calls : PRIOR_MS[kind]);
  const rate = (at: number) => {
    while (samples.length > 1 && at - samples[1]![0] >= RATE_WINDOW_MS) samples.shift();
    const [t0, d0] = samples[0]!;
    return at > t0 ? Math.round(((done - d0) * 1000) / (at - t0)) : 0;
  };

  return {
    advance(kind, calls, units) {
      const at = now();
      spent[kind].calls += calls;
      spent[kind].ms += at - last;
      last = at;
      left[kind] = Math.max(0, left[kind] - calls);
      done = Math.min(total, done + units);
      samples.push([at, done]);
    },
    drop(kind, calls) {
      left[kind] = Math.max(0, left[kind] - calls);
    },
    report(phase) {
      const index = CLEANUP_PHASES.indexOf(phase);
      if (index > phaseIndex) {
        phaseIndex = index;
        last = now(); // time between phases (checks, journal writes) is not charged to the next kind of step
      }
      const at = now();
      const etaMs = Math.round(left.move * costOf('move') + left.folder * costOf('folder') + left.loose * costOf('loose'));
      emit({ phase: CLEANUP_PHASES[phaseIndex]!, done, total, rate: rate(at), etaMs: CLEANUP_PHASES[phaseIndex] === 'done' ? 0 : etaMs });
    },
    get done() {
      return done;
    },
  };
}
