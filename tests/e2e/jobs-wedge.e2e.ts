/**
 * Issue #11 in real Firefox: no job can freeze the background. A cleanup paused by its page and then abandoned (the
 * tab closed) is cancelled; while it is paused other writes go ahead; the background keeps answering (core.ping) and a
 * second cleanup runs to completion. Job ports fed random sequences of start, pause, resume, cancel, garbage and
 * disconnects leave it answering too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox, type Firefox } from './firefox';
import { createRng } from '../../scripts/prng.mjs';
import { cleanupPlan } from '../kit/plan';
import { planFor } from './cleanup-scenario';
import { seedTree, type SeedFolder } from './places-seed';

/** A plan that does nothing, for jobs started at random. */
const TINY_PLAN = cleanupPlan({ id: 'fuzz' });
/** Messages no job port should accept. */
const GARBAGE = [
  null,
  42,
  'start',
  [],
  { op: 'start' },
  { op: 'start', kind: 'nope.nothing', input: {} },
  { op: 'start', kind: 'dedup.cleanup', input: { removals: 'x' } },
  { op: 'pause', extra: 1 },
  { op: { op: 'pause' } },
  { op: 'resume' },
  { op: '__proto__' },
];

describe('jobs never wedge the background (real Firefox)', () => {
  let ff: Firefox;
  beforeAll(async () => {
    ff = await launchFirefox();
  }, 60_000);
  afterAll(async () => {
    await ff?.close();
  });

  /** 300 URLs with 3 copies each in four folders named `${prefix} n`. */
  const seed = async (prefix: string) => {
    const folders: SeedFolder[] = Array.from({ length: 4 }, (_, i) => ({ title: `${prefix} ${i}`, children: [] }));
    for (let c = 0; c < 3; c++)
      for (let i = 0; i < 300; i++) folders[(i + c) % 4]!.children.push({ title: `${prefix} ${i} c${c}`, url: `https://${prefix}.example/${i}` });
    await seedTree(ff, { unfiled_____: folders });
  };

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
      const job = window.tm.client.startJob('dedup.cleanup', plan, (p) => {
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
    // Stopped means the same count for a whole second: a remove takes a few milliseconds, a batch well under that.
    const reads: { at: number; count: number }[] = [];
    const steadyCount = async () => {
      const now = { at: Date.now(), count: await count() };
      if (reads.length && reads[reads.length - 1]!.count !== now.count) reads.length = 0;
      reads.push(now);
      return now.at - reads[0]!.at >= 1_000 ? now.count : -1;
    };
    await expect.poll(steadyCount, { timeout: 30_000, interval: 200 }).toBeGreaterThan(300);
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
      .poll(() => harness.evaluate(async () => (await window.tm.client.call('history.list', {})).map((s) => `${s.kind} ${s.status}`).sort()), {
        timeout: 30_000,
        interval: 200,
      })
      .toEqual(['cleanup applied', 'edit applied']);
    expect(await count()).toBe(whilePaused);

    // A second cleanup runs to completion.
    await seed('second');
    const second = await planFor(harness);
    const result = await harness.evaluate((plan) => window.tm.client.startJob('dedup.cleanup', plan).result, second);
    expect(result.problems).toEqual([]);
    expect(await harness.evaluate(async () => (await window.tm.browser.bookmarks.search({ query: 'second.example' })).length)).toBe(300);
  }, 180_000);

  it('fuzz: random sequences on job ports (start, pause, resume, cancel, garbage, disconnect) never stop the background answering', async () => {
    await ff.reset();
    const page = await ff.harness();
    // The random sequence, seeded: the same on every run. Each round opens 1-3 job ports and takes 8 steps on them.
    const rng = createRng(20261204);
    const rounds = Array.from({ length: 60 }, () => ({
      ports: 1 + rng.below(3),
      steps: Array.from({ length: 8 }, () => ({ port: rng.below(3), pick: rng.below(8), garbage: rng.below(GARBAGE.length), waitMs: rng.below(20) })),
      disconnectAll: rng.chance(0.5),
    }));
    const outcome = await page.evaluate(
      async (rounds, garbage, tiny) => {
        const pings: number[] = [];
        const all: ReturnType<typeof window.tm.browser.runtime.connect>[] = [];
        for (const round of rounds) {
          const ports = Array.from({ length: round.ports }, () => window.tm.browser.runtime.connect({ name: 'tidymarks-job' }));
          all.push(...ports);
          for (const step of round.steps) {
            const port = ports[step.port % ports.length];
            try {
              if (step.pick === 0) port.postMessage({ op: 'start', kind: 'dedup.cleanup', input: tiny });
              else if (step.pick === 1) port.postMessage({ op: 'pause' });
              else if (step.pick === 2) port.postMessage({ op: 'resume' });
              else if (step.pick === 3) port.postMessage({ op: 'cancel' });
              else if (step.pick === 4) port.disconnect();
              // Time passes between two messages of a page (part of the random input, not a wait for anything).
              else if (step.pick === 5) await new Promise((r) => setTimeout(r, step.waitMs));
              else port.postMessage(garbage[step.garbage]);
            } catch {
              // Posting on a port this round already closed.
            }
          }
          if (round.disconnectAll) for (const port of ports) port.disconnect();
          const t0 = performance.now();
          await window.tm.client.call('core.ping', {});
          pings.push(performance.now() - t0);
        }
        // Every page closes: what they left running or paused ends.
        for (const port of all) port.disconnect();
        return { pings };
      },
      rounds,
      GARBAGE,
      TINY_PLAN,
    );
    expect(outcome.pings).toHaveLength(60);
    expect(Math.max(...outcome.pings)).toBeLessThan(5_000);
    // The cancelled jobs end at their next checkpoint; until then a new cleanup is refused at once ('conflict'). Within
    // 10 s one is accepted and runs to completion.
    const cleanupAfterwards = () =>
      page.evaluate(async (tiny) => {
        try {
          return { accepted: true, problems: (await window.tm.client.startJob('dedup.cleanup', tiny).result).problems };
        } catch (error) {
          if ((error as { code?: string }).code !== 'conflict') throw error;
          return { accepted: false };
        }
      }, TINY_PLAN);
    await expect.poll(cleanupAfterwards, { timeout: 10_000, interval: 50 }).toEqual({ accepted: true, problems: [] });
  }, 180_000);
});
