import { describe, expect, it } from 'vitest';
import { createFakeBrowser } from '../../fakes/browser';
import { matchesPattern } from '../../fakes/tabs';

describe('fake tabs', () => {
  it('setActiveTab opens the page in the active tab, then navigates that tab', async () => {
    const { browser, control } = createFakeBrowser();
    expect(await browser.tabs.query({ active: true, currentWindow: true })).toEqual([]);
    const first = control.setActiveTab({ url: 'https://a.example/', title: 'A' });
    const updates: unknown[] = [];
    browser.tabs.onUpdated.addListener((id, change) => updates.push([id, change]));
    control.setActiveTab({ url: 'https://b.example/', title: 'B' });
    const [active] = await browser.tabs.query({ active: true, currentWindow: true });
    expect(active).toMatchObject({ id: first.id, url: 'https://b.example/', title: 'B', active: true, windowId: 1, index: 0 });
    expect(updates).toEqual([[first.id, { url: 'https://b.example/', title: 'B' }]]);
  });

  it('query filters by url match patterns and title', async () => {
    const { browser, control } = createFakeBrowser();
    control.openTab({ url: 'https://www.example.com/a', title: 'Example A' });
    control.openTab({ url: 'http://other.org/', title: 'Other' });
    const urls = async (q: Parameters<typeof browser.tabs.query>[0]) => (await browser.tabs.query(q)).map((t) => t.url);
    expect(await urls({ url: '*://*.example.com/*' })).toEqual(['https://www.example.com/a']);
    expect(await urls({ url: ['https://*/*', 'http://other.org/*'] })).toEqual(['https://www.example.com/a', 'http://other.org/']);
    expect(await urls({ title: 'Example*' })).toEqual(['https://www.example.com/a']);
    expect(await urls({ active: false })).toEqual(['https://www.example.com/a']);
  });

  it('match patterns follow the WebExtension rules', () => {
    expect(matchesPattern('<all_urls>', 'https://x.example/')).toBe(true);
    expect(matchesPattern('*://*/*', 'ftp://x.example/')).toBe(false);
    expect(matchesPattern('https://*.example.com/*', 'https://example.com/')).toBe(true);
    expect(matchesPattern('https://*.example.com/*', 'https://badexample.com/')).toBe(false);
    expect(() => matchesPattern('nonsense', 'https://x/')).toThrow('Invalid url pattern');
  });

  it('create, get, update and remove behave as one window of tabs', async () => {
    const { browser } = createFakeBrowser();
    const a = await browser.tabs.create({ url: 'https://a.example/' });
    const b = await browser.tabs.create({ url: 'https://b.example/', active: false });
    expect((await browser.tabs.get(a.id!)).active).toBe(true);
    await browser.tabs.update(b.id!, { active: true, url: 'https://b2.example/' });
    expect(await browser.tabs.get(b.id!)).toMatchObject({ active: true, url: 'https://b2.example/' });
    await browser.tabs.remove(b.id!);
    expect((await browser.tabs.query({})).map((t) => [t.id, t.active, t.index])).toEqual([[a.id, true, 0]]);
    await expect(browser.tabs.get(b.id!)).rejects.toThrow(`Invalid tab ID: ${b.id}`);
  });
});

describe('fake commands', () => {
  it('getAll lists the manifest commands with localized descriptions (null when none) and shortcuts', async () => {
    const { browser } = createFakeBrowser();
    expect(await browser.commands.getAll()).toEqual([
      { name: 'quick-bookmark', description: 'Bookmark the current tab (never twice)', shortcut: 'Alt+Shift+1' },
      { name: '_execute_action', description: null, shortcut: 'Alt+Shift+2' },
      { name: '_execute_sidebar_action', description: 'Open or close the Tidymarks bookmarks sidebar', shortcut: 'Alt+Shift+3' },
    ]);
  });

  it('triggerCommand fires onCommand with the active tab; unknown commands are a test error', () => {
    const { browser, control } = createFakeBrowser();
    const seen: unknown[] = [];
    browser.commands.onCommand.addListener((name, tab) => seen.push([name, tab?.url]));
    control.setActiveTab({ url: 'https://a.example/' });
    control.triggerCommand('quick-bookmark');
    expect(seen).toEqual([['quick-bookmark', 'https://a.example/']]);
    expect(() => control.triggerCommand('nope')).toThrow('The manifest declares no command "nope"');
  });
});
