// SPDX-License-Identifier: MPL-2.0
/**
 * Long work in slices: the live index's builds (index-build.ts) and its catching up after a burst of bookmark events
 * give the event loop a turn every SLICE_MS, so requests that do not need the index are answered meanwhile.
 */

/** Longest stretch a background rebuild runs before it lets waiting messages and events in. */
const SLICE_MS = 8;

/**
 * One turn of the event loop without a timer: a message to ourselves is a task like any other (waiting extension
 * messages run before it) but, unlike setTimeout(0), it is never clamped or throttled (Firefox clamps nested
 * timers to 4 ms and throttles timers of pages in the background).
 */
function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Returns a function that yields to the event loop once SLICE_MS have passed since the last yield. */
export function createBreather(now: () => number): () => Promise<void> {
  let since = now();
  return async () => {
    if (now() - since < SLICE_MS) return;
    await nextTask();
    since = now();
  };
}
