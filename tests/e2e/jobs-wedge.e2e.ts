/**
 * Issue #11 in real Firefox: no job can freeze the background. A cleanup paused by its page and then abandoned (the
 * tab closed) is cancelled; while it is paused other writes go ahead; the background keeps answering (core.ping) and a
 * second cleanup runs to completion. Job ports fed random sequences of start, pause, resume, cancel, garbage and
 * disconnects leave it answering too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox, type Firefox } from './firefox';
import { planFor } from './cleanup-scenario';

describe('jobs never wedge the background (real Firefox)', () => {
  let ff: Firefox;
  beforeAll(async () => {
    ff = await launchFirefox();
  }, 60_000);
  afterAll(async () => {
    await ff?.close();
  });

  /** 300 URLs with 3 copies each in four folders named `${prefix} n`. */
  const seed = (prefix: string) =>
    ff.harness().then((page) =>
      page.evaluate(async (prefix) => {
        const b = window.tm.browser.bookmarks;
        const folders: string[] = [];
        for (let i = 0; i < 4; i++) folders.push((await b.create({ parentId: 'unfiled_____', title: `${prefix} ${i}` })).id);
        const made: Promise<unknown>[] = [];
        for (let c = 0; c < 3; c++) for (let i = 0; i < 300; i++) made.push(b.create({ parentId: folders[(i + c) % 4], title: `${prefix} ${i} c${c}`, url: `https://${prefix}.example/${i}` }));
        await Promise.all(made);
      }, prefix),
    );

  it('regression: a paused cleanup whose page closes is cancelled; ping answers and a second cleanup completes', async () => {
    await ff.reset();
    const harness = await ff.harness();
    await seed('first');
    const plan = await planFor(harness);
    expect(plan.removals.length).toBe(600);

    // Another page starts the cleanup, pauses it as soon as it is removing, and is closed while paused.
    const other = await ff.open('tests/harness/index.html');
    await other.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
    await other.evaluate((plan) => {
      const w = window as unknown as { state: { phase: string; paused: boolean } };
      w.state = { phase: '', paused: false };
      const job = window.tm.client.startJob('dedup.apply', plan, (p) => {
        w.state.phase = p.phase;
        if (p.phase === 'removing' && !w.state.paused) {
          w.state.paused = true;
          job.pause();
        }
      });
      job.result.catch(() => undefined);
    }, plan);
    await other.waitForFunction(() => (window as unknown as { state: { paused: boolean } }).state.paused, { timeout: 60_000, polling: 10 });
    // Paused: the job stops at its next checkpoint, and stays there.
    const count = () => harness.evaluate(async () => (await window.tm.browser.bookmarks.search({ query: 'first.example' })).length);
    await expect.poll(async () => [await count(), await count()].reduce((a, b) => (a === b ? a : -1)), { timeout: 30_000, interval: 300 }).toBeGreaterThan(300);
    const whilePaused = await count();
    // While it is paused, other writes go ahead instead of waiting for the resume (or the pause's 10-minute bound):
    // a rename through the organizer's request is done, and is an operation of the history beside the cleanup.
    const renamed = await harness.evaluate(async () => {
      const b = window.tm.browser.bookmarks;
      const [target] = await b.search({ url: 'https://first.example/7' });
      await window.tm.client.call('organizer.update', { id: target!.id, title: 'renamed while the cleanup is paused' });
      return (await b.get(target!.id))[0]!.title;
    });
    expect(renamed).toBe('renamed while the cleanup is paused');
    await other.close();

    // The background answers at once, and the abandoned job ends (cancelled: what it had not removed stays).
    const pingMs = await harness.evaluate(async () => {
      const t0 = performance.now();
      await window.tm.client.call('core.ping', {});
      return performance.now() - t0;
    });
    expect(pingMs).toBeLessThan(5_000);
    await expect
      .poll(() => harness.evaluate(async () => (await window.tm.client.call('history.list', {})).map((s) => `${s.kind} ${s.status}`).sort()), { timeout: 30_000, interval: 200 })
      .toEqual(['cleanup applied', 'edit applied']);
    expect(await count()).toBe(whilePaused);

    // A second cleanup runs to completion.
    await seed('second');
    const second = await planFor(harness);
    const result = await harness.evaluate((plan) => window.tm.client.startJob('dedup.apply', plan).result, second);
    expect(result.problems).toEqual([]);
    expect(await harness.evaluate(async () => (await window.tm.browser.bookmarks.search({ query: 'second.example' })).length)).toBe(300);
  }, 180_000);

  it('fuzz: random sequences on job ports (start, pause, resume, cancel, garbage, disconnect) never stop the background answering', async () => {
    await ff.reset();
    const page = await ff.harness();
    const outcome = await page.evaluate(async () => {
      // A seeded generator: the same sequences every run.
      let state = 20261204;
      const rand = (n: number) => {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        return state % n;
      };
      const garbage = [null, 42, 'start', [], { op: 'start' }, { op: 'start', kind: 'nope.nothing', input: {} }, { op: 'start', kind: 'dedup.apply', input: { removals: 'x' } }, { op: 'pause', extra: 1 }, { op: { op: 'pause' } }, { op: 'resume' }, { op: '__proto__' }];
      const tiny = { id: 'fuzz', createdAt: 0, removals: [], moves: [], tagMerges: [], numbers: { copies: 0, loose: 0, insideFolders: 0, copiedFolders: 0, emptyFolders: 0, moved: 0, tagMerges: 0 } };
      const pings: number[] = [];
      const all: ReturnType<typeof window.tm.browser.runtime.connect>[] = [];
      for (let round = 0; round < 60; round++) {
        const ports = Array.from({ length: 1 + rand(3) }, () => window.tm.browser.runtime.connect({ name: 'tidymarks-job' }));
        all.push(...ports);
        for (let step = 0; step < 8; step++) {
          const port = ports[rand(ports.length)];
          const pick = rand(8);
          try {
            if (pick === 0) port.postMessage({ op: 'start', kind: 'dedup.apply', input: tiny });
            else if (pick === 1) port.postMessage({ op: 'pause' });
            else if (pick === 2) port.postMessage({ op: 'resume' });
            else if (pick === 3) port.postMessage({ op: 'cancel' });
            else if (pick === 4) port.disconnect();
            else if (pick === 5) await new Promise((r) => setTimeout(r, rand(20)));
            else port.postMessage(garbage[rand(garbage.length)]);
          } catch {
            // Posting on a port this round already closed.
          }
        }
        if (rand(2)) for (const port of ports) port.disconnect();
        const t0 = performance.now();
        await window.tm.client.call('core.ping', {});
        pings.push(performance.now() - t0);
      }
      // Every page closes: what they left running or paused ends, and a cleanup runs to completion.
      for (const port of all) port.disconnect();
      // The cancelled jobs end at their next checkpoint; until then a new cleanup is refused at once ('conflict').
      const t0 = performance.now();
      for (;;) {
        try {
          const result = await window.tm.client.startJob('dedup.apply', tiny).result;
          return { pings, problems: result.problems, acceptedAfterMs: performance.now() - t0 };
        } catch (error) {
          if ((error as { code?: string }).code !== 'conflict' || performance.now() - t0 > 10_000) throw error;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    });
    expect(outcome.pings).toHaveLength(60);
    expect(Math.max(...outcome.pings)).toBeLessThan(5_000);
    expect(outcome.problems).toEqual([]);
    expect(outcome.acceptedAfterMs).toBeLessThan(10_000);
  }, 180_000);
});
