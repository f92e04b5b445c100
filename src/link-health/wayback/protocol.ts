/** The Wayback rescue's part of link health's protocol (joined in ../protocol.ts). */
import * as v from 'valibot';
import { job, noInput, request, type JobDef, type RequestDef } from '../../messaging/define';
import type { RunStatus } from '../background-run';

/** A dead bookmark and what the archive has of it, for the view. */
export interface WaybackItem {
  id: string;
  url: string;
  /** The moment asked about: the bookmark's original date added (ms). */
  askedAt: number;
  /** Not looked up yet: undefined; looked up, none: null. */
  snapshot?: { url: string; at: number } | null;
}

export interface WaybackOverview {
  /** The origin the lookup needs (asked for from the click that starts the first lookup). */
  origin: string;
  items: WaybackItem[];
}

/**
 * A bookmark's archived copy, for the organizer and the popup: the snapshot a lookup found for it (with `href`, the
 * link to it), or, when the bookmark's address is itself a snapshot address (after a "replace" rescue), that copy
 * (no `href`: the pages label it rather than link it a second time).
 */
export interface BookmarkSnapshot {
  /** The snapshot's address (https://web.archive.org/web/<timestamp>/<original address>), to link to. */
  href?: string;
  /** The capture's moment (ms). */
  at: number;
  /**
   * The words the pages show, "Archived copy (May 3, 2019)" (the capture's date, UTC, in the UI's language): written
   * here, so the popup carries no date formatting of its own for it (its bundle's budget, src/popup-ui/README.md).
   */
  label: string;
}

/** The bookmarks that have an archived copy, by id (a page looks its bookmarks up: no list to turn into a map). */
export type BookmarkSnapshots = Record<string, BookmarkSnapshot>;

/** A lookup's figures: questions answered (or given up on) of its questions, and how. */
export interface LookupProgress {
  done: number;
  total: number;
  found: number;
  none: number;
  failed: number;
}

/** Where the lookup in the background stands (it runs whoever watches it, and resumes after the event page or Firefox). */
export type LookupStatus = RunStatus<LookupProgress>;

export interface LookupResult {
  /** Questions asked this time (what earlier lookups answered is skipped). */
  asked: number;
  found: number;
  none: number;
  failed: number;
}

export type RescueAction = 'replace' | 'beside';
export type RescueLeftOutReason = 'gone' | 'url-changed' | 'failed';

export interface RescueResult {
  action: RescueAction;
  done: number;
  leftAlone: { id: string; url: string; reason: RescueLeftOutReason }[];
  /** The operation in the history; null when nothing was changed. */
  operationId: string | null;
}

const bookmarkId = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const address = v.pipe(v.string(), v.minLength(1), v.maxLength(65536));
const ms = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000));
export const MAX_RESCUE_ITEMS = 20_000;
/** The most bookmarks one snapshots request asks about (a page asks about what it shows). */
export const MAX_SNAPSHOT_IDS = 1_000;

const lookupInput = v.strictObject({ ids: v.optional(v.pipe(v.array(bookmarkId), v.maxLength(MAX_RESCUE_ITEMS))) });

export type RescueInput = v.InferOutput<typeof rescueInput>;
const rescueInput = v.strictObject({
  action: v.picklist(['replace', 'beside']),
  /** Each bookmark with the address the view showed and the snapshot it showed for it. */
  items: v.pipe(v.array(v.strictObject({ id: bookmarkId, url: address, snapshot: address })), v.minLength(1), v.maxLength(MAX_RESCUE_ITEMS)),
});

export const waybackProtocol = {
  /** The dead bookmarks with what lookups found for them (nothing is sent: read from what is stored). */
  'links.wayback.overview': request<WaybackOverview>()(noInput),
  /** Which of these bookmarks have an archived copy (read from what lookups stored: nothing is sent anywhere). */
  'links.wayback.snapshots': request<BookmarkSnapshots>()(v.strictObject({ ids: v.pipe(v.array(bookmarkId), v.maxLength(MAX_SNAPSHOT_IDS)) })),
  /** Starts a lookup in the background of what has no stored answer (these dead bookmarks, or every dead one). */
  'links.wayback.start': request<LookupStatus>()(lookupInput),
  /** The background lookup's state and figures (a page shows its progress by asking again). */
  'links.wayback.status': request<LookupStatus>()(noInput),
  /** Stops the lookup; what it found is kept, and a lookup started again asks only the rest. */
  'links.wayback.cancel': request<LookupStatus>()(noInput),
} satisfies Record<string, RequestDef>;

export const waybackJobs = {
  /**
   * Asks the archive about these dead bookmarks (or every dead one), skipping what earlier lookups answered: starts
   * the lookup as links.wayback.start does and follows it to its end (the port going away stops the following only).
   */
  'links.wayback.lookup': job<LookupProgress, LookupResult>()(lookupInput),
  /** Replaces the addresses with their snapshots, or adds each snapshot beside its bookmark: one operation of the history. */
  'links.wayback.rescue': job<{ done: number; total: number }, RescueResult>()(rescueInput),
} satisfies Record<string, JobDef>;

export function waybackTestProtocol() {
  return {
    /** Points the lookup at a local fake of the availability API, with shorter waits. */
    'test.links.wayback': request<{ ok: true }>()(
      v.strictObject({
        endpoint: v.optional(v.pipe(v.string(), v.url())),
        gapMs: v.optional(ms),
        defaultRetryAfterMs: v.optional(ms),
        maxRetryAfterMs: v.optional(ms),
      }),
    ),
  } satisfies Record<string, RequestDef>;
}
