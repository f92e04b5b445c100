import { describe, expect, it, vi } from 'vitest';
import { createSerialQueue } from '../../../src/platform/serial-queue';
import { gate } from '../../kit/gate';

describe('createSerialQueue', () => {
  it('runs tasks one at a time, in order, and hands each its own result', async () => {
    const queue = createSerialQueue();
    const log: string[] = [];
    // Each task runs until the test lets it finish: b and c must not start while a is still running.
    const gates = { a: gate(), b: gate(), c: gate() };
    const task = (name: keyof typeof gates) => async () => {
      log.push(`start ${name}`);
      await gates[name].promise;
      log.push(`end ${name}`);
      return name;
    };
    const results = Promise.all([queue.run(task('a')), queue.run(task('b')), queue.run(task('c'))]);
    await vi.waitFor(() => expect(log).toEqual(['start a']));
    expect(queue.pending).toBe(3);
    // c's gate opens first: it still waits for b, which waits for a.
    gates.c.open();
    gates.b.open();
    gates.a.open();
    expect(await results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.pending).toBe(0);
  });

  it('keeps going after a task fails, and rejects only that task', async () => {
    const queue = createSerialQueue();
    const failing = queue.run(async () => {
      throw new Error('boom');
    });
    const next = queue.run(async () => 'after');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('after');
  });
});
