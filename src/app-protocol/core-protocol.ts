import * as v from 'valibot';
import { job, request, noInput } from '../messaging/define';

const testKey = v.pipe(v.string(), v.maxLength(100));

/** Requests that belong to no feature: health and counts. */
export const coreProtocol = {
  'core.ping': request<{ pong: true; version: string }>()(noInput),
  'core.countBookmarks': request<{ bookmarks: number; folders: number; separators: number }>()(noInput),
};

export const coreJobs = {};

/** Test builds only (merged by test-protocol.ts): functions, so that the production build, which never calls them, leaves them out. */
export const coreTestProtocol = () => ({
  /** Wipe bookmarks, history, storage and IndexedDB. */
  'test.reset': request<{ ok: true }>()(noInput),
  /** Answers once the work features started on their own is over: tag sweeps, quick bookmarks, toolbar updates. */
  'test.idle': request<{ ok: true }>()(noInput),
  /** Answers only once 'test.runtime.release' names its key: a reply the page holds back (messaging contract cases). */
  'test.runtime.held': request<{ key: string }>()(v.strictObject({ key: testKey })),
  'test.runtime.release': request<{ released: boolean }>()(v.strictObject({ key: testKey })),
  /** The background sends `message` to the extension's pages (runtime.sendMessage) and says how that ended. */
  'test.runtime.sendToPages': request<{ reply: unknown } | { error: string }>()(v.strictObject({ message: v.unknown() })),
});

/** Test builds: a port of this name is echoed by the background, message for message; 'close' is echoed, then it disconnects. */
export const TEST_ECHO_PORT = 'tidymarks-test-echo';

export const coreTestJobs = () => ({
  /** A job that counts to `n`, for testing the job channel (progress, pause, cancel). */
  'test.countTo': job<{ done: number; total: number }, { counted: number }>()(
    v.strictObject({
      n: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
      delayMs: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1000))),
    }),
  ),
});
