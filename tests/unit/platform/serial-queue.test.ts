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

describe('a task that yields its turn (a paused job)', () => {
  it('lets the tasks behind it run while it waits, then goes on before any task queued after them', async () => {
    const queue = createSerialQueue();
    const log: string[] = [];
    let resume!: () => void;
    const paused = new Promise<void>((r) => (resume = r));
    const job = queue.run(async (turn) => {
      log.push('job starts');
      await turn.yieldWhile(paused);
      log.push('job resumes');
    });
    const save = queue.run(async () => {
      log.push('save');
    });
    await save;
    expect(log).toEqual(['job starts', 'save']);
    // While the job is still paused, one more task runs and another waits behind it: once resumed, the job waits for
    // the running task only, and goes on before the one waiting.
    let finish!: () => void;
    const running = queue.run(async () => {
      log.push('second save starts');
      await new Promise<void>((r) => (finish = r));
      log.push('second save ends');
    });
    const later = queue.run(async () => {
      log.push('after the job');
    });
    await expect.poll(() => log.includes('second save starts')).toBe(true);
    expect(queue.waiting).toBe(1);
    resume();
    await expect.poll(() => queue.waiting).toBe(2);
    finish();
    await Promise.all([job, running, later]);
    expect(log).toEqual(['job starts', 'save', 'second save starts', 'second save ends', 'job resumes', 'after the job']);
    expect(queue.pending).toBe(0);
  });

  it('takes the queue back before settling as the awaited promise did, also when it rejects', async () => {
    const queue = createSerialQueue();
    const log: string[] = [];
    let fail!: (e: Error) => void;
    const paused = new Promise<void>((_, reject) => (fail = reject));
    let blocked!: () => void;
    const job = queue.run(async (turn) => {
      try {
        await turn.yieldWhile(paused);
      } catch (error) {
        log.push(`job sees ${(error as Error).message}`);
      }
    });
    // A task running while the job is yielded: the job gets its turn back only after this one is done.
    const running = queue.run(() => new Promise<void>((r) => (blocked = r)).then(() => void log.push('other done')));
    await expect.poll(() => typeof blocked).toBe('function');
    fail(new Error('cancelled'));
    await Promise.resolve();
    expect(log).toEqual([]);
    blocked();
    await Promise.all([job, running]);
    expect(log).toEqual(['other done', 'job sees cancelled']);
  });

  it('refuses a yield from a task that no longer holds the queue', async () => {
    const queue = createSerialQueue();
    let kept!: { yieldWhile<T>(p: Promise<T>): Promise<T> };
    await queue.run(async (turn) => {
      kept = turn;
    });
    await expect(kept.yieldWhile(Promise.resolve())).rejects.toThrow('does not hold the queue');
    await expect(queue.run(async () => 'still free')).resolves.toBe('still free');
  });
});
