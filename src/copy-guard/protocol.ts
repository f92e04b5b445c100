import * as v from 'valibot';
import { job, noInput, request, type JobDef, type RequestDef } from '../messaging/define';
import type { ApplyProgress, ApplyResult } from '../dedup';
import type { BurstSummary } from './store';

/** A told burst, by its id (its start time, as the notification's id ends). */
const burst = v.strictObject({ burstId: v.pipe(v.string(), v.regex(/^\d{1,16}$/)) });

/** This feature's part of the protocol table (see src/app-protocol/protocol.ts). */
export const copyGuardProtocol = {
  /** The "What arrived" log: every kept burst, newest first, with what was done (a waiting one is the choice to offer). */
  'copyGuard.log': request<BurstSummary[]>()(noInput),
  /** "Keep them": the burst's copies stay; refused when the burst no longer waits. */
  'copyGuard.keep': request<BurstSummary>()(burst),
} satisfies Record<string, RequestDef>;

/** This feature's long jobs, run over a port with progress, pause and cancel. */
export const copyGuardJobs = {
  /** "Remove the new copies": the burst's copies and the folders they came in, as a cleanup of the one history. */
  'copyGuard.remove': job<ApplyProgress, ApplyResult>()(burst),
} satisfies Record<string, JobDef>;

/** Test builds only (merged by src/app-protocol/test-protocol.ts). A function, so that the production build, which never
 * calls it, leaves it out. */
export function copyGuardTestProtocol() {
  return {
    /** Resolves once no burst is open and what the guard started is over (the e2e tests seed, then wait for this). */
    'test.copyGuard.idle': request<void>()(noInput),
  } satisfies Record<string, RequestDef>;
}
