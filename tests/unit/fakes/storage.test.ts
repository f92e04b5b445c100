import { describe, expect, it } from 'vitest';
import { createFakeBrowser } from '../../fakes/browser';

describe('fake storage.local', () => {
  it('get accepts nothing, a key, a list of keys, or defaults', async () => {
    const { browser } = createFakeBrowser();
    await browser.storage.local.set({ a: 1, b: { deep: [1] } });
    expect(await browser.storage.local.get()).toEqual({ a: 1, b: { deep: [1] } });
    expect(await browser.storage.local.get(null)).toEqual({ a: 1, b: { deep: [1] } });
    expect(await browser.storage.local.get('a')).toEqual({ a: 1 });
    expect(await browser.storage.local.get(['a', 'missing'])).toEqual({ a: 1 });
    expect(await browser.storage.local.get({ a: 0, c: 'fallback' })).toEqual({ a: 1, c: 'fallback' });
  });

  it('stores copies: changing a value after set or after get changes nothing', async () => {
    const { browser } = createFakeBrowser();
    const value = { list: [1, 2] };
    await browser.storage.local.set({ v: value });
    value.list.push(3);
    const got = (await browser.storage.local.get('v')).v as { list: number[] };
    got.list.push(4);
    expect((await browser.storage.local.get('v')).v).toEqual({ list: [1, 2] });
  });

  it('fires storage.onChanged and storage.local.onChanged with old and new values', async () => {
    const { browser } = createFakeBrowser();
    const global: unknown[] = [];
    const local: unknown[] = [];
    browser.storage.onChanged.addListener((changes, area) => global.push([changes, area]));
    browser.storage.local.onChanged.addListener((changes) => local.push(changes));
    await browser.storage.local.set({ a: 1 });
    await browser.storage.local.set({ a: 2 });
    await browser.storage.local.remove(['a', 'never']);
    await browser.storage.local.remove('never');
    expect(global).toEqual([
      [{ a: { newValue: 1 } }, 'local'],
      [{ a: { oldValue: 1, newValue: 2 } }, 'local'],
      [{ a: { oldValue: 2 } }, 'local'],
    ]);
    expect(local).toEqual([{ a: { newValue: 1 } }, { a: { oldValue: 1, newValue: 2 } }, { a: { oldValue: 2 } }]);
  });

  it('clear empties the area and reports every removed key', async () => {
    const { browser } = createFakeBrowser();
    await browser.storage.local.set({ a: 1, b: 2 });
    const seen: unknown[] = [];
    browser.storage.local.onChanged.addListener((changes) => seen.push(changes));
    await browser.storage.local.clear();
    expect(await browser.storage.local.get()).toEqual({});
    expect(seen).toEqual([{ a: { oldValue: 1 }, b: { oldValue: 2 } }]);
  });

  it('reports a set of the same value, stores no undefined, and fires nothing for no-op removals', async () => {
    const { browser } = createFakeBrowser();
    await browser.storage.local.set({ a: 1, u: 1 });
    const seen: unknown[] = [];
    browser.storage.local.onChanged.addListener((changes) => seen.push(changes));
    await browser.storage.local.set({ a: 1 });
    await browser.storage.local.set({ u: undefined });
    await browser.storage.local.remove('missing');
    expect(seen).toEqual([{ a: { oldValue: 1, newValue: 1 } }, { u: { oldValue: 1 } }]);
    expect(await browser.storage.local.get()).toEqual({ a: 1 });
  });

  it('refuses to store a function with Firefox message', async () => {
    const { browser } = createFakeBrowser();
    await expect(browser.storage.local.set({ f: { run: () => 1 } })).rejects.toThrow('DataCloneError: Function object could not be cloned.');
    expect(await browser.storage.local.get()).toEqual({});
  });

  it('keeps its data when the event page unloads', async () => {
    const { browser, control } = createFakeBrowser();
    await browser.storage.local.set({ kept: true });
    control.unload();
    expect(await browser.storage.local.get('kept')).toEqual({ kept: true });
    expect(control.storageLocal.get('kept')).toBe(true);
  });
});
