import * as v from 'valibot';
import { job, noInput, request, type JobDef, type RequestDef } from '../messaging/define';
import type { FailureKind, LinkClass, SkipReason } from './types';

export type ClassCounts = Record<LinkClass, number>;

/** Where link health stands, for the view before anything is fetched. */
export interface LinksOverview {
  /** Bookmarks with an http(s) URL on a public host: what a check may fetch. */
  checkable: number;
  /** Bookmarks never fetched, by why. */
  skipped: Record<Exclude<SkipReason, 'no-access'>, number>;
  /** The hosts of checkable bookmarks that have no host access yet (what a check asks for). */
  hostsWithoutAccess: string[];
  /** Verdicts known, per class (per bookmark). */
  counts: ClassCounts;
  /** When the oldest and newest verdicts were checked (ms), null before any check. */
  checkedBetween: { from: number; to: number } | null;
  /** The last run: unfinished runs can be resumed. */
  run: { id: string; startedAt: number; finishedAt: number | null; total: number; done: number } | null;
}

/** A bookmark and what the check knows about its URL (or why it is never fetched). */
export interface LinkItem {
  id: string;
  title: string;
  url: string;
  /** Folder path, root first. */
  path: string[];
  class: LinkClass | null;
  skip: SkipReason | null;
  status: number | null;
  finalUrl: string | null;
  failure: FailureKind | null;
  checks: number;
  checkedAt: number | null;
}

export interface CheckProgress {
  done: number;
  total: number;
  counts: ClassCounts;
  /** URLs whose first answer was bad, waiting for their second check. */
  confirming: number;
}

export interface CheckResult {
  checked: number;
  counts: ClassCounts;
  /** Checkable URLs left out because their host was not granted. */
  withoutAccess: number;
}

const ms = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000));

/** This feature's part of the protocol table (see src/messaging/protocol.ts). */
export const linkHealthProtocol = {
  'links.overview': request<LinksOverview>()(noInput),
  /** Every bookmark whose link is not ok or is never fetched (ok ones are counted in the overview). */
  'links.results': request<{ items: LinkItem[] }>()(noInput),
  /** Forgets every result and the last run. */
  'links.forget': request<{ ok: true }>()(noInput),
} satisfies Record<string, RequestDef>;

/** Test builds only (merged by src/messaging/test-protocol.ts). A function, so that the production build, which never
 * calls it, leaves it out. */
export function linkHealthTestProtocol() {
  return {
    /** Shorter limits and timeouts so that e2e tests and benches run in seconds. */
    'test.links.tune': request<{ ok: true }>()(
      v.strictObject({
        timeoutMs: v.optional(ms),
        hostGapMs: v.optional(ms),
        confirmDelayMs: v.optional(ms),
        defaultRetryAfterMs: v.optional(ms),
        maxRetryAfterMs: v.optional(ms),
        global: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(64))),
      }),
    ),
  } satisfies Record<string, RequestDef>;
}

export const linkHealthJobs = {
  /**
   * Checks links: 'stale' what has no result, is older than a week or failed; 'all' every checkable link; 'resume'
   * the rest of the last unfinished run (else as 'stale'). Only hosts with granted access are fetched.
   */
  'links.check': job<CheckProgress, CheckResult>()(v.strictObject({ mode: v.picklist(['stale', 'all', 'resume']) })),
} satisfies Record<string, JobDef>;
