import { afterEach, describe, expect, it, vi } from 'vitest';
import { gate } from '../../tests/kit/gate';
import { createIdleTracker } from './idle';

/** Whether `promise` has settled once every pending microtask and timer-free continuation has run. */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  // whenIdle's own continuations are a few promise hops deep; a macrotask lets every one of them run.
  await new Promise((r) => setImmediate(r));
  return settled;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createIdleTracker', () => {
  it('is idle at once when nothing was tracked', async () => {
    await expect(createIdleTracker().whenIdle()).resolves.toBeUndefined();
  });

  it('whenIdle waits for tracked work, whether it resolves or rejects, and track hands the work back unchanged', async () => {
    const idle = createIdleTracker();
    const a = gate<string>();
    const b = gate();
    expect(idle.track(a.promise)).toBe(a.promise);
    const failing = idle.track(b.promise);
    failing.catch(() => undefined);
    const waiting = idle.whenIdle();
    a.open('done');
    expect(await hasSettled(waiting)).toBe(false);
    b.fail(new Error('boom'));
    expect(await hasSettled(waiting)).toBe(true);
  });

  it('whenIdle also waits for work started while it waits', async () => {
    const idle = createIdleTracker();
    const first = gate();
    const second = gate();
    void idle.track(first.promise.then(() => void idle.track(second.promise)));
    const waiting = idle.whenIdle();
    first.open();
    expect(await hasSettled(waiting)).toBe(false);
    second.open();
    expect(await hasSettled(waiting)).toBe(true);
  });

  it('soon runs the task once per burst after the delay, tracked from the first call until the task settles', async () => {
    vi.useFakeTimers();
    const idle = createIdleTracker();
    const task = gate();
    const runs = vi.fn(() => task.promise);
    expect(idle.soon(300, runs)).toBe(true);
    expect(idle.soon(300, runs)).toBe(false);
    const waiting = idle.whenIdle();
    await vi.advanceTimersByTimeAsync(299);
    expect(runs).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    expect(await hasSettled(waiting)).toBe(false);
    task.open();
    expect(await hasSettled(waiting)).toBe(true);
    // After the run, the next call schedules a new one.
    expect(idle.soon(0, async () => undefined)).toBe(true);
    await idle.whenIdle();
  });

  it('a task that throws, synchronously or not, still ends the wait', async () => {
    const idle = createIdleTracker();
    const ran: string[] = [];
    idle.soon(0, () => {
      ran.push('sync');
      throw new Error('sync');
    });
    await idle.whenIdle();
    idle.soon(0, async () => {
      ran.push('async');
      throw new Error('async');
    });
    await idle.whenIdle();
    // Both ran, and the tracker still schedules and runs the next task.
    expect(idle.soon(0, async () => void ran.push('after'))).toBe(true);
    await idle.whenIdle();
    expect(ran).toEqual(['sync', 'async', 'after']);
  });

  it('cancel drops the scheduled run and ends the wait for it', async () => {
    vi.useFakeTimers();
    const idle = createIdleTracker();
    const runs = vi.fn(async () => undefined);
    idle.soon(300, runs);
    const waiting = idle.whenIdle();
    idle.cancel();
    vi.useRealTimers();
    expect(await hasSettled(waiting)).toBe(true);
    expect(runs).not.toHaveBeenCalled();
    expect(idle.soon(0, runs)).toBe(true);
    await idle.whenIdle();
    expect(runs).toHaveBeenCalledTimes(1);
  });
});
