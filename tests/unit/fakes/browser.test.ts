import { describe, expect, it, vi } from 'vitest';
import { createFakeBrowser } from '../../fakes/browser';

describe('fake browser as a whole', () => {
  it('fires bookmark events before the call that caused them resolves', async () => {
    const { browser } = createFakeBrowser();
    const order: string[] = [];
    browser.bookmarks.onCreated.addListener(() => order.push('event'));
    await browser.bookmarks.create({ title: 't', url: 'https://t.example/' });
    order.push('resolved');
    expect(order).toEqual(['event', 'resolved']);
  });

  it('gives listeners copies: a listener changing its node changes nothing', async () => {
    const { browser } = createFakeBrowser();
    browser.bookmarks.onCreated.addListener((_id, node) => {
      node.title = 'changed by a listener';
    });
    const created = await browser.bookmarks.create({ title: 't', url: 'https://t.example/' });
    expect(created.title).toBe('t');
    expect((await browser.bookmarks.get(created.id))[0].title).toBe('t');
  });

  it('unload drops every background listener but keeps bookmarks, history and storage', async () => {
    const { browser, control } = createFakeBrowser();
    let events = 0;
    browser.bookmarks.onCreated.addListener(() => events++);
    browser.history.onVisited.addListener(() => events++);
    browser.runtime.onMessage.addListener(async () => 'hi');
    const kept = await browser.bookmarks.create({ title: 'kept', url: 'https://kept.example/' });
    control.unload();
    await browser.bookmarks.create({ title: 'after', url: 'https://after.example/' });
    await browser.history.addUrl({ url: 'https://after.example/' });
    expect(events).toBe(1);
    expect((await browser.bookmarks.get(kept.id))[0].title).toBe('kept');
    await expect(control.sendMessage({})).rejects.toThrow('Receiving end does not exist');
  });

  it('collects listener errors instead of failing the call, as Firefox logs them', async () => {
    const { browser, control } = createFakeBrowser();
    browser.bookmarks.onCreated.addListener(() => {
      throw new Error('listener bug');
    });
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- an async listener's rejection is what this tests
    browser.bookmarks.onRemoved.addListener(async () => {
      throw new Error('async listener bug');
    });
    const created = await browser.bookmarks.create({ title: 't', url: 'https://t.example/' });
    await browser.bookmarks.remove(created.id);
    // The async listener's rejection is reported once its promise settles.
    await vi.waitFor(() => expect(control.listenerErrors.map((e) => (e as Error).message)).toEqual(['listener bug', 'async listener bug']));
  });

  it('generates the same GUIDs for the same seed, different ones for another seed', async () => {
    const ids = async (seed?: number) => {
      const { browser } = createFakeBrowser({ seed });
      return [(await browser.bookmarks.create({ title: 'a' })).id, (await browser.bookmarks.create({ title: 'b' })).id];
    };
    expect(await ids(1)).toEqual(await ids(1));
    expect(await ids(1)).not.toEqual(await ids(2));
    for (const id of await ids()) expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
  });

  it('uses the injected clock for dateAdded and history visits', async () => {
    let clock = 1_000_000;
    const { browser } = createFakeBrowser({ now: () => clock });
    const a = await browser.bookmarks.create({ title: 'a', url: 'https://a.example/' });
    clock += 500;
    await browser.history.addUrl({ url: 'https://a.example/' });
    expect(a.dateAdded).toBe(1_000_000);
    const [item] = await browser.history.search({ text: '', startTime: 0 });
    expect(item.lastVisitTime).toBe(1_000_500);
  });

  it('history.search without startTime looks back 24 hours from the injected clock', async () => {
    let clock = 10 * 24 * 3600 * 1000;
    const { browser } = createFakeBrowser({ now: () => clock });
    await browser.history.addUrl({ url: 'https://old.example/' });
    clock += 25 * 3600 * 1000;
    await browser.history.addUrl({ url: 'https://new.example/' });
    expect((await browser.history.search({ text: '' })).map((i) => i.url)).toEqual(['https://new.example/']);
  });
});
