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
