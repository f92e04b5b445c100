import { describe, expect, it } from 'vitest';
import { createFakeBrowser } from '../../fakes/browser';

describe('fake menus', () => {
  it('creates items with ids, refuses duplicates, missing parents and missing ids', () => {
    const { browser, control } = createFakeBrowser();
    browser.menus.create({ id: 'root', title: 'Tidymarks', contexts: ['page'] });
    browser.menus.create({ id: 'child', parentId: 'root', title: 'Child' });
    expect(() => browser.menus.create({ id: 'root', title: 'again' })).toThrow('ID already exists: root');
    expect(() => browser.menus.create({ id: 'orphan', parentId: 'nope', title: 'x' })).toThrow('Could not find any MenuItem with id: nope');
    expect(() => browser.menus.create({ title: 'no id' })).toThrow('requires an id');
    expect(control.menuItems.map((i) => i.id)).toEqual(['root', 'child']);
  });

  it('remove takes the children along; removeAll empties; items survive an unload', async () => {
    const { browser, control } = createFakeBrowser();
    browser.menus.create({ id: 'root', title: 'R' });
    browser.menus.create({ id: 'child', parentId: 'root', title: 'C' });
    browser.menus.create({ id: 'other', title: 'O' });
    control.unload();
    expect(control.menuItems).toHaveLength(3);
    await browser.menus.remove('root');
    expect(control.menuItems.map((i) => i.id)).toEqual(['other']);
    await expect(browser.menus.remove('root')).rejects.toThrow('Could not find any MenuItem with id: root');
    await browser.menus.removeAll();
    expect(control.menuItems).toEqual([]);
  });

  it('clickMenu fires onClicked with the info and tab; clicking an unknown item is a test error', () => {
    const { browser, control } = createFakeBrowser();
    browser.menus.create({ id: 'save', title: 'Save', contexts: ['link'] });
    const seen: unknown[] = [];
    browser.menus.onClicked.addListener((info, tab) => seen.push([info.menuItemId, info.linkUrl, tab?.url]));
    const tab = control.setActiveTab({ url: 'https://page.example/' });
    control.clickMenu({ menuItemId: 'save', linkUrl: 'https://link.example/' }, tab);
    expect(seen).toEqual([['save', 'https://link.example/', 'https://page.example/']]);
    expect(() => control.clickMenu({ menuItemId: 'nope' })).toThrow('No menu item "nope" exists');
  });
});

describe('fake notifications', () => {
  it('create shows a notification (generated or given id); clear removes it', async () => {
    const { browser, control } = createFakeBrowser();
    const id = await browser.notifications.create({ type: 'basic', title: 'T', message: 'M' });
    await browser.notifications.create('mine', { type: 'basic', title: 'T2', message: 'M2' });
    expect(control.notifications).toEqual([
      { id, type: 'basic', title: 'T', message: 'M' },
      { id: 'mine', type: 'basic', title: 'T2', message: 'M2' },
    ]);
    expect(await browser.notifications.clear(id)).toBe(true);
    expect(await browser.notifications.clear(id)).toBe(false);
    expect(control.notifications.map((n) => n.id)).toEqual(['mine']);
  });

  it('refuses a basic notification without title or message', async () => {
    const { browser } = createFakeBrowser();
    await expect(browser.notifications.create({ type: 'basic', message: 'M' } as never)).rejects.toThrow('"title" and "message" are required');
  });

  it('clickNotification and closeNotification fire onClicked and onClosed(byUser)', async () => {
    const { browser, control } = createFakeBrowser();
    const seen: unknown[] = [];
    browser.notifications.onClicked.addListener((id) => seen.push(['clicked', id]));
    browser.notifications.onClosed.addListener((id, byUser) => seen.push(['closed', id, byUser]));
    await browser.notifications.create('n', { type: 'basic', title: 'T', message: 'M' });
    control.clickNotification('n');
    control.closeNotification('n');
    expect(seen).toEqual([['clicked', 'n'], ['closed', 'n', true]]);
    expect(() => control.clickNotification('n')).toThrow('No notification "n" is shown');
  });
});
