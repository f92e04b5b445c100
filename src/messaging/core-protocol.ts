import * as v from 'valibot';
import { job, request, noInput } from './define';

/** Requests that belong to no feature: health and counts, and the test build's reset. */
export const coreProtocol = {
  'core.ping': request<{ pong: true; version: string }>()(noInput),
  'core.countBookmarks': request<{ bookmarks: number; folders: number; separators: number }>()(noInput),
  /** Test builds only: wipe bookmarks, history, storage and IndexedDB. Refused in production builds. */
  'test.reset': request<{ ok: true }>()(noInput),
};

export const coreJobs = {
  /** A job that counts to `n`, for testing the job channel (progress, pause, cancel). */
  'core.countTo': job<{ done: number; total: number }, { counted: number }>()(
    v.strictObject({ n: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)), delayMs: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1000))) }),
  ),
};
