/**
 * The Places facade in real Firefox, through the page-side API (window.tm.places), against Firefox's own API
 * measured in the same run:
 *  - places.save.1k.overheadRatio: one save() of 1,000 new bookmarks / a sequential bookmarks.create loop of the
 *    same items (median of per-round ratios, alternating which goes first). Bar: at most 1.15.
 *  - places.search.10k.ms and .ratioToNative: a one-word query over 10,000 bookmarks with tags, beside
 *    browser.bookmarks.search for the same word.
 */
import { defineSuite } from './lib/types';
import { flatFolder, seedHtml } from './lib/seed-html';
import { median, round } from './lib/stats';

const TAGS = ['work', 'read-later', 'recipes', 'travel', 'reference', 'music', 'news', 'tools', 'fun', 'archive'];

export default defineSuite({
  name: 'places',
  async run(ctx) {
    const size = ctx.quick ? 2_000 : 10_000;
    const saveSize = ctx.quick ? 200 : 1_000;
    const rounds = ctx.quick ? 1 : 7;
    const ff = await ctx.firefox({ seedHtml: seedHtml([flatFolder('Seed', size, 'seed')]), seedCount: size });
    const page = await ff.harness();

    ctx.log(`tagging the ${size} seeded bookmarks in the tag store`);
    await page.evaluate(async (tags: string[]) => {
      const { browser, client } = window.tm;
      const [menu] = await browser.bookmarks.getSubTree('menu________');
      const seed = menu.children!.find((n) => n.title === 'Seed')!;
      const urls = seed.children!.map((n) => n.url!);
      for (let t = 0; t < tags.length; t++) {
        await client.call('tags.add', { urls: urls.filter((_, i) => i % tags.length === t || i % 7 === t), tags: [tags[t]] });
      }
    }, TAGS);

    ctx.log(`save: ${rounds} round(s) of ${saveSize} new bookmarks, save() vs a bookmarks.create loop`);
    const save = await page.evaluate(
      async (saveSize: number, rounds: number) => {
        const { browser, places } = window.tm;
        // No named inner functions here: the bench runner's transpiler would wrap them in a helper the page lacks.
        const native: number[] = [];
        const facade: number[] = [];
        // Warm-up (not measured): both paths once with a few items, so caches and JIT state are alike.
        const warm = await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'warm-up' });
        for (let i = 0; i < 20; i++) await browser.bookmarks.create({ parentId: warm.id, title: `w${i}`, url: `https://warm.example/n/${i}` });
        await places.save(Array.from({ length: 20 }, (_, i) => new places.Bookmark({ title: `w${i}`, url: `https://warm.example/f/${i}`, group: warm.id })));
        for (let round = 0; round < rounds; round++) {
          for (const kind of round % 2 === 0 ? ['native', 'facade'] : ['facade', 'native']) {
            const folder = await browser.bookmarks.create({ parentId: 'unfiled_____', title: `${kind} ${round}` });
            const items = Array.from({ length: saveSize }, (_, i) => ({ title: `${kind} ${round} ${i}`, url: `https://save.example/${kind}/${round}/${i}` }));
            if (kind === 'native') {
              const t = performance.now();
              for (const item of items) await browser.bookmarks.create({ parentId: folder.id, ...item });
              native.push(performance.now() - t);
            } else {
              const inputs = items.map((item) => new places.Bookmark({ ...item, group: folder.id }));
              const t = performance.now();
              const results = await places.save(inputs);
              facade.push(performance.now() - t);
              if (results.length !== saveSize) throw new Error(`save returned ${results.length} results`);
            }
            // Let the event page's batched clock work settle before the next measurement.
            await new Promise((r) => setTimeout(r, 500));
          }
        }
        return { native, facade };
      },
      saveSize,
      rounds,
    );

    ctx.log(`save rounds (ms): native ${save.native.map((x) => Math.round(x)).join(', ')}; save() ${save.facade.map((x) => Math.round(x)).join(', ')}`);
    ctx.log('search: a one-word query, page-side API vs browser.bookmarks.search');
    const search = await page.evaluate(async () => {
      const { browser, places } = window.tm;
      const word = 'tutorial';
      const facade: number[] = [];
      const native: number[] = [];
      let facadeCount = 0;
      let nativeCount = 0;
      for (let i = 0; i < 7; i++) {
        let t = performance.now();
        nativeCount = (await browser.bookmarks.search(word)).length;
        native.push(performance.now() - t);
        t = performance.now();
        facadeCount = (await places.search({ query: word })).length;
        facade.push(performance.now() - t);
      }
      // A word that is also a tag name cannot be narrowed by Firefox's word search: the whole tree is read.
      const tagWord: number[] = [];
      let tagWordCount = 0;
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        tagWordCount = (await places.search({ query: 'recipes' })).length;
        tagWord.push(performance.now() - t);
      }
      return { facade, native, facadeCount, nativeCount, tagWord, tagWordCount };
    });
    if (search.facadeCount < search.nativeCount) {
      throw new Error(`places.search found ${search.facadeCount}, fewer than bookmarks.search (${search.nativeCount})`);
    }

    // Each round runs both back to back, so their ratio shares the machine's load of that moment; the median of
    // the per-round ratios is steadier than a ratio of medians on a shared, noisy machine.
    const saveRatio = median(save.facade.map((f, i) => f / save.native[i]));
    const searchMs = median(search.facade);
    const nativeMs = median(search.native);
    return [
      {
        id: 'places.save.1k.overheadRatio',
        value: round(saveRatio, 3),
        unit: 'x',
        better: 'lower',
        bar: { max: 1.15 },
        note: `save() of ${saveSize} new bookmarks in one call / a sequential bookmarks.create loop of the same items, median of ${rounds} per-round ratios (medians ${round(median(save.facade))} ms vs ${round(median(save.native))} ms; page-side API, ${size} bookmarks in the profile)`,
      },
      {
        id: 'places.search.10k.ms',
        value: round(searchMs),
        unit: 'ms',
        better: 'lower',
        note: `search({query: 'tutorial'}) through the page-side API over ${size} tagged bookmarks, median of 7 (${search.facadeCount} results)`,
      },
      {
        id: 'places.search.10k.ratioToNative',
        value: round(searchMs / nativeMs, 2),
        unit: 'x',
        better: 'lower',
        note: `vs browser.bookmarks.search('tutorial') in the same run: median ${round(nativeMs)} ms (${search.nativeCount} results)`,
      },
      {
        id: 'places.search.10k.tagWord.ms',
        value: round(median(search.tagWord)),
        unit: 'ms',
        better: 'lower',
        note: `search({query: 'recipes'}), a word that is also a tag (whole-tree path), over ${size} tagged bookmarks, median of 5 (${search.tagWordCount} results)`,
      },
    ];
  },
});
