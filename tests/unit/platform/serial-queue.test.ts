import { describe, expect, it } from 'vitest';
import { createSerialQueue } from '../../../src/platform/serial-queue';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('createSerialQueue', () => {
  it('runs tasks one at a time, in order, and hands each its own result', async () => {
    const queue = createSerialQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([queue.run(task('a')), queue.run(task('b')), queue.run(task('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
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
