/**
 * What Tidymarks costs Firefox when someone else changes bookmarks (Sync, the user, another extension), measured
 * from outside: a second, small extension (bench/lib/second-extension.ts) makes the calls, on fresh copies of one
 * seeded profile (3,000 bookmarks to keep and 2,050 to remove, in folders of 50), launched alternately without
 * Tidymarks, with a do-nothing extension that registers one listener per bookmarks event (the least any extension
 * that follows bookmark changes costs), and with Tidymarks. Tidymarks is as a person has it after using it:
 * installed, its event page running, its search index loaded, nothing of ours open.
 *  - footprint.firefox.remove2k.ratio: 2,000 sequential bookmarks.remove calls (front to back, after 50 untimed
 *    ones), time with Tidymarks / time without in the same round, the median over the rounds. Bar: at most 1.05.
 *  - footprint.firefox.create5k.ratio: 5,000 sequential bookmarks.create calls into new folders of 50, likewise.
 *    Bar: at most 1.05.
 *  - footprint.firefox.copyBurst5k.ratio: then, 2 s later (every variant waits the same; the copy guard's burst of the
 *    creates above is over after 1 s of quiet), 5,000 sequential bookmarks.create calls copying the 3,000 kept
 *    bookmarks (address and title, the first 2,000 twice) into new folders of 50: a burst the copy guard notices and
 *    tells (issue 34). Likewise. Bar: at most 1.10. After it, in the run with Tidymarks (untimed), the guard is
 *    checked to be on and to have told that burst, so every row here is measured with the guard on.
 *  - footprint.firefox.remove2k.cpuRatio, create5k.cpuRatio, copyBurst5k.cpuRatio: the CPU time of every Firefox process over the same
 *    loops, with / without (the shared machine's load moves wall times far more than CPU times).
 *  - footprint.firefox.remove2k.oneListenerRatio, create5k.oneListenerRatio (and .oneListenerCpuRatio): the same
 *    ratios for the do-nothing extension, the floor of the rows above.
 * The notes give every sample; the machine is shared, so only ratios of the same run are compared.
 */
import { EXTENSION_UUID, GECKO_ID, testDist, type Firefox } from '../tests/e2e/firefox';
import { firefoxCpuMs } from './lib/process-cpu';
import { bookmarkIdsUnder, copyLoop, createLoop, openLoopPage, removeLoop, uuidPrefs, writeSecondExtension } from './lib/second-extension';
import { seedHtml, spreadFolder } from './lib/seed-html';
import { median, round } from './lib/stats';
import { defineSuite, type BenchRow } from './lib/types';

const WARM_UP = 50;

type Variant = 'without' | 'oneListener' | 'tidymarks';

interface Sample {
  removeMs: number;
  createMs: number;
  removeCpuMs: number;
  createCpuMs: number;
  copyMs: number;
  copyCpuMs: number;
}

/** Waits until Tidymarks' search index is fresh and its clock settled, then closes the harness page. */
async function tidymarksIdle(ff: Firefox) {
  const harness = await ff.harness();
  await harness.evaluate(async () => {
    const { client } = window.tm;
    await client.call('search.query', { text: 'guide' });
    for (let i = 0; i < 1200 && !(await client.call('search.test.state', {})).fresh; i++) await new Promise((r) => setTimeout(r, 50));
    if (!(await client.call('search.test.state', {})).fresh) throw new Error('the search index did not become fresh');
    await client.call('test.places.settle', {});
  });
  await harness.close();
}

/** Checks (after the loops) that the copy guard is on and told the copy burst: the rows are measured with it on. */
async function guardTold(ff: Firefox, copies: number) {
  // A page of its own: the harness page tidymarksIdle closed is not opened again by ff.harness() under BiDi.
  const harness = await ff.open('tests/harness/index.html');
  await harness.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
  const told = await harness.evaluate(async () => {
    const { client } = window.tm;
    const enabled = (await client.call('settings.get', {})).copyGuard.enabled;
    await client.call('test.copyGuard.idle', {});
    const log = await client.call('copyGuard.log', {});
    return { enabled, copies: log.map((b) => b.count.total) };
  });
  await harness.close();
  // A loop longer than a minute is told as two bursts (BURST_MAX_MS); a tail under the threshold is not told.
  const total = told.copies.reduce((a, b) => a + b, 0);
  if (!told.enabled || total < copies - 20) throw new Error(`the copy guard did not tell the copy burst: ${JSON.stringify(told)}`);
}

export default defineSuite({
  name: 'footprint',
  async run(ctx) {
    const removes = ctx.quick ? 500 : 2_000;
    const creates = ctx.quick ? 1_000 : 5_000;
    const rounds = ctx.quick ? 1 : 5;
    const html = seedHtml([spreadFolder('Keep', 3_000, 'keep'), spreadFolder('Remove', 2_000 + WARM_UP, 'gone')]);
    const second = writeSecondExtension('footprint');
    const oneListener = writeSecondExtension('one-listener', '0f0f0f0f-1e1e-4d4d-8c8c-000000000002', { onCreated: 1, onRemoved: 1, onChanged: 1, onMoved: 1 });
    const prefs = uuidPrefs(GECKO_ID, EXTENSION_UUID, [second, oneListener]);
    const samples: Record<Variant, Sample[]> = { without: [], oneListener: [], tidymarks: [] };
    try {
      for (let round = 0; round < rounds; round++) {
        for (const variant of ['without', 'oneListener', 'tidymarks'] as const) {
          const ff = await ctx.firefox({
            seedHtml: html,
            seedCount: 5_000 + WARM_UP,
            prefs,
            extensionDir: variant === 'tidymarks' ? testDist : variant === 'oneListener' ? oneListener.dir : second.dir,
            extraExtensions: variant === 'without' ? [] : [second.dir],
          });
          try {
            if (variant === 'tidymarks') await tidymarksIdle(ff);
            const page = await openLoopPage(ff, second);
            const ids = await bookmarkIdsUnder(page, 'Remove');
            if (ids.length < WARM_UP + removes) throw new Error(`the profile holds ${ids.length} bookmarks to remove`);
            await removeLoop(page, ids.slice(0, WARM_UP));
            const cpu0 = firefoxCpuMs(ff);
            const removeMs = await removeLoop(page, ids.slice(WARM_UP, WARM_UP + removes));
            const cpu1 = firefoxCpuMs(ff);
            const createMs = await createLoop(page, creates, `round ${round}`);
            const cpu2 = firefoxCpuMs(ff);
            await new Promise((r) => setTimeout(r, 2_000));
            const cpu3 = firefoxCpuMs(ff);
            const copyMs = await copyLoop(page, 'Keep', creates, `copies ${round}`);
            const cpu4 = firefoxCpuMs(ff);
            if (variant === 'tidymarks') await guardTold(ff, creates);
            const sample = { removeMs, createMs, copyMs, removeCpuMs: cpu1 - cpu0, createCpuMs: cpu2 - cpu1, copyCpuMs: cpu4 - cpu3 };
            samples[variant].push(sample);
            ctx.log(
              `round ${round + 1}/${rounds} ${variant}: ${removes} removes ${Math.round(removeMs)} ms (cpu ${sample.removeCpuMs}), ` +
                `${creates} creates ${Math.round(createMs)} ms (cpu ${sample.createCpuMs}), ` +
                `${creates} copies ${Math.round(copyMs)} ms (cpu ${sample.copyCpuMs})`,
            );
          } finally {
            await ff.close();
          }
        }
      }
    } finally {
      second.remove();
      oneListener.remove();
    }

    // Each round's launches follow one another: the ratio within a round leaves out the load's drift between rounds.
    const ratio = (variant: Variant, key: keyof Sample) => median(samples[variant].map((s, i) => s[key] / samples.without[i]![key]));
    const list = (variant: Variant, key: keyof Sample) => samples[variant].map((s) => Math.round(s[key])).join(', ');
    const note = (key: keyof Sample, calls: string) =>
      `${calls} from a second extension, ${rounds} rounds of fresh profiles (without, do-nothing, with), the median of each round's ratio: with Tidymarks ${list('tidymarks', key)} ms, ` +
      `without ${list('without', key)} ms, with a do-nothing extension of one listener per event ${list('oneListener', key)} ms`;
    const rows: BenchRow[] = [];
    for (const [id, time, cpu, calls, max] of [
      ['remove2k', 'removeMs', 'removeCpuMs', `${removes} sequential bookmarks.remove calls`, 1.05],
      ['create5k', 'createMs', 'createCpuMs', `${creates} sequential bookmarks.create calls`, 1.05],
      ['copyBurst5k', 'copyMs', 'copyCpuMs', `${creates} sequential bookmarks.create calls copying existing bookmarks (the copy guard tells the burst)`, 1.1],
    ] as const) {
      const quick = ctx.quick ? ' [quick sizes]' : '';
      rows.push({
        id: `footprint.firefox.${id}.ratio`,
        value: round(ratio('tidymarks', time)),
        unit: 'ratio',
        better: 'lower',
        note: note(time, calls) + quick,
        bar: { max },
      });
      rows.push({
        id: `footprint.firefox.${id}.cpuRatio`,
        value: round(ratio('tidymarks', cpu)),
        unit: 'ratio',
        better: 'lower',
        note: `CPU time of every Firefox process over the same calls: ${note(cpu, calls)}${quick}`,
      });
      rows.push({
        id: `footprint.firefox.${id}.oneListenerRatio`,
        value: round(ratio('oneListener', time)),
        unit: 'ratio',
        better: 'lower',
        note: `the floor of footprint.firefox.${id}.ratio: a do-nothing extension with one listener per bookmarks event / without, same samples${quick}`,
      });
      rows.push({
        id: `footprint.firefox.${id}.oneListenerCpuRatio`,
        value: round(ratio('oneListener', cpu)),
        unit: 'ratio',
        better: 'lower',
        note: `the floor of footprint.firefox.${id}.cpuRatio, same samples${quick}`,
      });
    }
    return rows;
  },
});
