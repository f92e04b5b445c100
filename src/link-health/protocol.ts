import * as v from 'valibot';
import { job, noInput, request, type JobDef, type RequestDef } from '../messaging/define';
import type { RunStatus } from './background-run';
import type { LinkMarker } from './marker';
import type { FailureKind, LinkClass, NeverReason, SkipReason } from './types';
import { waybackJobs, waybackProtocol, waybackTestProtocol } from './wayback/protocol';
export type { RunStatus } from './background-run';
export type { LookupProgress, LookupResult, LookupStatus, RescueAction, RescueResult, WaybackItem, WaybackOverview } from './wayback/protocol';

export type ClassCounts = Record<LinkClass, number>;

/**
 * Where link health stands, for the view before anything is fetched. Every figure is counted from one state per
 * bookmark (tally.ts): checkable = checked + notChecked; the bookmarks never checked are apart.
 */
export interface LinksOverview {
  /** Bookmarks with an http(s) URL on a public host: what a check may fetch. */
  checkable: number;
  /** Of the checkable bookmarks, those whose address has no result yet (allowed or not). */
  notChecked: number;
  /** Bookmarks a check never fetches, by why. */
  skipped: Record<NeverReason, number>;
  /** The hosts of checkable bookmarks that have no host access yet (what a check asks for). */
  hostsWithoutAccess: string[];
  /** Results per class, in bookmarks. */
  counts: ClassCounts;
  /** Results per class, in addresses (bookmarks of one address share its result). */
  addressCounts: ClassCounts;
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
  /** moved: the http address gets no answer and `finalUrl`, the same address over https, works. */
  overHttps?: boolean;
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

/**
 * Where the check in the background stands (it runs whoever watches it): 'running' (checking now, or about to resume
 * after the event page slept or Firefox restarted), 'paused' (by the person: continued with links.start 'resume'),
 * 'idle' (none under way). `run` is the current or last run: its figures, whether it finished, why it stopped.
 */
export type CheckStatus = RunStatus<CheckProgress>;

export interface CheckResult {
  checked: number;
  counts: ClassCounts;
  /** Checkable URLs left out because their host was not granted. */
  withoutAccess: number;
}

/** The fixes: 'update' gives moved bookmarks their new address, 'remove' and 'move' act on dead ones. */
export type FixAction = 'update' | 'remove' | 'move';

/**
 * Why a selected bookmark is not (or was not) changed: it is gone; its address is not the one checked any more; it
 * was changed since the preview (moved elsewhere; for a removal, also renamed); the check does not say it moved for
 * good (or dead) any more; it is in the target folder already; Firefox refused the change.
 */
export type FixLeftOutReason = 'gone' | 'url-changed' | 'changed' | 'not-moved' | 'not-dead' | 'in-folder' | 'failed';

/** What a fix would change about one bookmark. */
export interface FixChange {
  id: string;
  title: string;
  /** Its address now, the one checked. */
  url: string;
  /** update: the address it gets (where its site moved it for good); else null. */
  to: string | null;
  parentId: string;
  /** Its folder, root first. */
  path: string[];
  /** update: the address's tags, which go to the new one; remove: the tags that go with it (no other bookmark has the address). */
  tags: string[];
  class: LinkClass;
}

export interface FixLeftOut {
  id: string;
  title: string;
  url: string;
  reason: FixLeftOutReason;
}

export interface FixPreview {
  action: FixAction;
  /** move: the folder, with its path. */
  folder: { id: string; path: string[] } | null;
  changes: FixChange[];
  leftOut: FixLeftOut[];
}

export interface FixProgress {
  done: number;
  total: number;
}

export interface FixResult {
  action: FixAction;
  folder: { id: string; path: string[] } | null;
  /** Bookmarks changed. */
  done: number;
  /** What the fix did not touch, and why (someone changed it since the preview, or Firefox refused). */
  leftAlone: FixLeftOut[];
  /** The operation in the history (what Undo takes back); null when nothing was left to change. */
  operationId: string | null;
  /** Cancelled part way: what was done stays done, and can be undone. */
  cancelled: boolean;
}

const ms = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000));
const bookmarkId = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const address = v.pipe(v.string(), v.minLength(1), v.maxLength(65536));
/** A fix at a time acts on at most this many bookmarks. */
export const MAX_FIX_ITEMS = 20_000;
const fixAction = v.picklist(['update', 'remove', 'move']);

export type FixPreviewInput = v.InferOutput<typeof fixPreviewInput>;
const fixPreviewInput = v.strictObject({
  action: fixAction,
  /** The bookmarks selected, each with the address the view listed it with. */
  items: v.pipe(v.array(v.strictObject({ id: bookmarkId, url: address })), v.minLength(1), v.maxLength(MAX_FIX_ITEMS)),
  /** move: the folder. */
  folderId: v.optional(bookmarkId),
});

export type FixInput = v.InferOutput<typeof fixInput>;
const fixInput = v.strictObject({
  action: fixAction,
  folderId: v.optional(bookmarkId),
  /** The preview's changes the person confirmed, as the preview showed them. */
  changes: v.pipe(
    v.array(v.strictObject({ id: bookmarkId, url: address, title: v.pipe(v.string(), v.maxLength(65536)), parentId: bookmarkId, to: v.nullable(address) })),
    v.minLength(1),
    v.maxLength(MAX_FIX_ITEMS),
  ),
});

/** This feature's part of the protocol table (see src/app-protocol/protocol.ts). */
export const linkHealthProtocol = {
  'links.overview': request<LinksOverview>()(noInput),
  /** Every bookmark whose link is not ok or is never fetched (ok ones are counted in the overview). */
  'links.results': request<{ items: LinkItem[] }>()(noInput),
  /** Forgets every result and the last run. */
  'links.forget': request<{ ok: true }>()(noInput),
  /** What a fix would change (and what it leaves out, and why), for the person to confirm: nothing is changed. */
  'links.fixPreview': request<FixPreview>()(fixPreviewInput),
  /** Starts a check in the background ('resume': the unfinished or paused run); it goes on whoever watches it. */
  'links.start': request<CheckStatus>()(v.strictObject({ mode: v.picklist(['stale', 'all', 'resume']) })),
  /** The background check's state and figures (a page shows its progress by asking again). */
  'links.status': request<CheckStatus>()(noInput),
  /** Pauses the check (kept paused across restarts, until continued with 'resume' or cancelled). */
  'links.pause': request<CheckStatus>()(noInput),
  /** Stops the check; what it checked is kept and 'resume' continues it. */
  'links.cancel': request<CheckStatus>()(noInput),
  /** Every address the check found moved for good or dead, with its marker (the Duplicates page shows them). */
  'links.markers': request<{ markers: [string, LinkMarker][] }>()(noInput),
  ...waybackProtocol,
} satisfies Record<string, RequestDef>;

/** Test builds only (merged by src/app-protocol/test-protocol.ts). A function, so that the production build, which never
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
        /** How soon the alarm wakes an event page that went away mid-check (and half of it: the heartbeat). */
        wakeAfterMs: v.optional(v.pipe(ms, v.minValue(200))),
      }),
    ),
    ...waybackTestProtocol(),
  } satisfies Record<string, RequestDef>;
}

export const linkHealthJobs = {
  /**
   * Checks links: 'stale' what has no result, is older than a week or failed; 'all' every checkable link; 'resume'
   * the rest of the last unfinished run (else as 'stale'). Only hosts with granted access are fetched. Starts the
   * check as links.start does and follows it to its end: the port going away stops the following, not the check.
   */
  'links.check': job<CheckProgress, CheckResult>()(v.strictObject({ mode: v.picklist(['stale', 'all', 'resume']) })),
  /**
   * Carries out a previewed fix as one operation of the history (undo and redo there), leaving alone what someone
   * changed since the preview.
   */
  'links.fix': job<FixProgress, FixResult>()(fixInput),
  ...waybackJobs,
} satisfies Record<string, JobDef>;
