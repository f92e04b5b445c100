/**
 * src/platform/own-creations.ts on the fake browser: the ids of what Tidymarks creates during a hold are known once
 * its creates under way have resolved; what it creates outside a hold, and what others create, never are.
 */
import { describe, expect, it } from 'vitest';
import { UNFILED_ID } from '../../../src/platform/browser';
import { trackOwnCreations } from '../../../src/platform/own-creations';
import { createFakeBrowser } from '../../fakes/browser';

function setup() {
  const fake = createFakeBrowser({ seed: 1 });
  let holding = true;
  const { browser, own } = trackOwnCreations(fake.browser, () => holding);
  const heard: { id: string; pending: number }[] = [];
  fake.browser.bookmarks.onCreated.addListener((id: string) => void heard.push({ id, pending: own.pending }));
  let settles = 0;
  own.settled(() => void settles++);
  return { fake, browser, own, heard, settles: () => settles, stopHolding: () => void (holding = false) };
}

describe('trackOwnCreations', () => {
  it('an own create’s event comes while it is under way; its id is ours once it resolved, taken once', async () => {
    const t = setup();
    const made = await t.browser.bookmarks.create({ parentId: UNFILED_ID, title: 'a', url: 'https://a.example/' });
    expect(t.heard).toEqual([{ id: made.id, pending: 1 }]);
    expect(t.own.pending).toBe(0);
    expect(t.settles()).toBe(1);
    expect(t.own.take(made.id)).toBe(true);
    expect(t.own.take(made.id)).toBe(false);
  });

  it('what someone else creates is never ours; a failed create still settles', async () => {
    const t = setup();
    const theirs = await t.fake.browser.bookmarks.create({ parentId: UNFILED_ID, title: 'b', url: 'https://b.example/' });
    expect(t.heard).toEqual([{ id: theirs.id, pending: 0 }]);
    await expect(t.browser.bookmarks.create({ parentId: 'no-such-folder', title: 'c', url: 'https://c.example/' })).rejects.toThrow();
    expect(t.own.pending).toBe(0);
    expect(t.settles()).toBe(1);
    expect(t.own.take(theirs.id)).toBe(false);
  });

  it('outside a hold nothing is kept; the rest of the browser is the given one', async () => {
    const t = setup();
    t.stopHolding();
    const made = await t.browser.bookmarks.create({ parentId: UNFILED_ID, title: 'd', url: 'https://d.example/' });
    expect(t.own.take(made.id)).toBe(false);
    expect((await t.browser.bookmarks.get(made.id))[0]).toMatchObject({ title: 'd' });
    expect(t.browser.runtime).toBe(t.fake.browser.runtime);
  });
});
