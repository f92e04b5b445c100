/**
 * Firefox killed under the event page, for crash tests: after `state.left` more bookmark writes (of `writes`) no write
 * answers any more, and the one that would come next never runs. Unbounded until `left` is set; `died` settles when
 * it happens. `wrap` is boot()'s `browser` option and `died` its `killed` option.
 */
import type { Browser } from '../../src/platform/browser';
import { boot } from './boot';
import { gate } from './gate';

export type Write = 'create' | 'remove' | 'removeTree' | 'move' | 'update';

const ALL_WRITES: readonly Write[] = ['create', 'remove', 'removeTree', 'move', 'update'];

export function killable(writes: readonly Write[] = ALL_WRITES) {
  const state = { left: Infinity, dead: false };
  const death = gate();
  const never = () => new Promise<never>(() => undefined);
  const wrap = (browser: Browser): Browser => {
    const b = browser.bookmarks;
    const wrapped: Partial<Record<Write, unknown>> = {};
    for (const name of writes) {
      const call = (b[name] as (...args: unknown[]) => Promise<unknown>).bind(b);
      wrapped[name] = (...args: unknown[]) => {
        if (state.dead) return never();
        if (--state.left < 0) {
          state.dead = true;
          death.open();
          return never();
        }
        return call(...args);
      };
    }
    return { ...browser, bookmarks: { ...b, ...wrapped } } as unknown as Browser;
  };
  return { state, died: death.promise, wrap };
}

/**
 * A background that can be killed (killable, with these writes) with a folder "F" of 30 bookmarks titled `title(i)`:
 * the crash tests of edits, undos and redos start here. Firefox starting again after the kill is `boot({ fake })`.
 */
export async function bootKillableWithFolder(writes: readonly Write[], title: (i: number) => string, seed: number) {
  const kill = killable(writes);
  const env = await boot({ seed, browser: kill.wrap, killed: kill.died });
  const b = env.browser.bookmarks;
  const folder = await b.create({ parentId: 'menu________', title: 'F' });
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) ids.push((await b.create({ parentId: folder.id, title: title(i), url: `https://${i}.example/` })).id);
  const children = async () => (await b.getChildren(folder.id)).map((c) => c.title);
  return { fake: env.fake, b, state: kill.state, died: kill.died, client: env.client, folder, ids, children };
}

/**
 * Firefox killed at one bookmarks.create, for the tests of writes journaled ahead: once `armed`, the `killAt`-th create
 * (1-based) never runs (`ran` false) or runs and never answers (`ran` true), and no create after it answers. As the
 * n-th create is called, `tick` moves the test's clock, `before(n, bookmarks)` runs (the person acting meanwhile), and
 * the clock moves again; the create then waits a task, as a call into Firefox's parent process lets the journal's
 * writes go on. `wrap` is boot()'s `browser` option and `died` its `killed` option.
 */
export function killedAtCreate(options: { killAt: number; ran: boolean; tick: () => void; before: (n: number, bookmarks: Browser['bookmarks']) => Promise<void> }) {
  const { killAt, ran, tick, before } = options;
  const death = gate();
  const control = { armed: false };
  let calls = 0;
  const never = () => new Promise<never>(() => undefined);
  const wrap = (browser: Browser): Browser => {
    const b = browser.bookmarks;
    const create = async (details: Parameters<Browser['bookmarks']['create']>[0]) => {
      if (!control.armed) return b.create(details);
      const n = ++calls;
      if (n > killAt) return never();
      tick();
      await before(n, b);
      tick();
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (n < killAt) return b.create(details);
      if (ran) await b.create(details);
      death.open();
      return never();
    };
    return { ...browser, bookmarks: { ...b, create } } as unknown as Browser;
  };
  return { control, died: death.promise, wrap };
}
