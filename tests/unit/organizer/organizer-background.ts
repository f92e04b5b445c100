/** The real background on the fake browser, reset, with a client as a page has it: the organizer's unit tests start here. */
import { startBackground } from '../../../src/app/start-background';
import type { BookmarkNode, Browser } from '../../../src/platform/browser';
import { createClient } from '../../../src/messaging/client';
import { createFakeBrowser, type FakeBrowser } from '../../fakes/browser';

type Write = 'create' | 'remove' | 'removeTree' | 'move' | 'update';

/**
 * The fake browser as an event page sees it when Firefox is killed: after `state.left` more bookmark writes (of
 * `writes`), no write answers any more, and the one that would come next never runs. Unbounded until set.
 */
export function killable(fake: FakeBrowser, writes: readonly Write[] = ['create', 'remove', 'removeTree', 'move', 'update']) {
  const state = { left: Infinity, dead: false };
  const b = fake.browser.bookmarks;
  const never = () => new Promise<never>(() => undefined);
  const wrapped: Partial<Record<Write, unknown>> = {};
  for (const name of writes) {
    const call = (b[name] as (...args: unknown[]) => Promise<unknown>).bind(b);
    wrapped[name] = (...args: unknown[]) => {
      if (state.dead) return never();
      if (--state.left < 0) {
        state.dead = true;
        return never();
      }
      return call(...args);
    };
  }
  const browser = { ...fake.browser, bookmarks: { ...b, ...wrapped } } as unknown as Browser;
  return { browser, state };
}

export async function organizerBackground() {
  const fake = createFakeBrowser();
  const app = startBackground({ browser: fake.browser, now: () => Date.now(), testBuild: true });
  const client = createClient(fake.control.transport);
  await client.call('test.reset', {});
  const b = fake.browser.bookmarks;
  /** The titles of a folder's children, in order. */
  const titles = async (id: string) => (await b.getChildren(id)).map((c) => c.title);
  /** The whole tree as titles, urls and children (ids change when undo re-creates). */
  const shape = async () => {
    const strip = (n: BookmarkNode): unknown => [n.title, n.url ?? null, (n.children ?? []).map(strip)];
    return strip((await b.getTree())[0]!);
  };
  return { ...fake, app, client, b, titles, shape };
}

/**
 * A background on a fake Firefox that can be killed (killable, with these writes), reset, with a folder "F" of 30
 * bookmarks titled `title(i)`: the crash tests of edits, undos and redos start here.
 */
export async function killableBackground(writes: readonly Write[], title: (i: number) => string, seed: number) {
  const fake = createFakeBrowser({ seed });
  const { browser, state } = killable(fake, writes);
  const b = fake.browser.bookmarks;
  const app = startBackground({ browser, now: () => Date.now(), testBuild: true });
  await app.history.recovered;
  const client = createClient(fake.control.transport);
  await client.call('test.reset', {});
  const folder = await b.create({ parentId: 'menu________', title: 'F' });
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) ids.push((await b.create({ parentId: folder.id, title: title(i), url: `https://${i}.example/` })).id);
  const children = async () => (await b.getChildren(folder.id)).map((c) => c.title);
  return { fake, b, state, client, folder, ids, children };
}

/** Firefox started again after a kill: the event page runs afresh on the same profile; resolves once recovery ran. */
export async function restarted(fake: FakeBrowser) {
  fake.control.unload();
  const app = startBackground({ browser: fake.browser, now: () => Date.now(), testBuild: true });
  await app.history.recovered;
  return createClient(fake.control.transport);
}
