import { describe, expect, it } from 'vitest';
import { createFakeBrowser } from '../../fakes/browser';

describe('fake menus', () => {
  it('reports a duplicate id or a missing parent through runtime.lastError in the callback, as Firefox does', async () => {
    const { browser, control } = createFakeBrowser();
    const lastErrors: (string | undefined)[] = [];
    const record = () => lastErrors.push((browser.runtime as unknown as { lastError?: { message: string } }).lastError?.message);
    expect(browser.menus.create({ id: 'root', title: 'Tidymarks', contexts: ['page'] }, record)).toBe('root');
    browser.menus.create({ id: 'child', parentId: 'root', title: 'Child' }, record);
    browser.menus.create({ id: 'root', title: 'again' }, record);
    browser.menus.create({ id: 'orphan', parentId: 'nope', title: 'x' }, record);
    await Promise.resolve();
    expect(lastErrors).toEqual([undefined, undefined, 'The menu id root already exists in menus.create.', 'Cannot find menu item with id nope']);
    expect((browser.runtime as unknown as { lastError?: unknown }).lastError).toBeUndefined();
    expect(control.menuItems.map((i) => i.id)).toEqual(['root', 'child']);
    expect(control.listenerErrors).toEqual([]);
  });

  it('an unchecked menus error (no callback) is logged into listenerErrors; an event page must give ids', async () => {
    const { browser, control } = createFakeBrowser();
    browser.menus.create({ id: 'a', title: 'A' });
    browser.menus.create({ id: 'a', title: 'A again' });
    await Promise.resolve();
    expect(control.listenerErrors.map((e) => (e as Error).message)).toEqual(['Unchecked lastError value: Error: The menu id a already exists in menus.create.']);
    expect(() => browser.menus.create({ title: 'no id' })).toThrow('requires an id');
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
    await expect(browser.menus.remove('root')).rejects.toThrow('Cannot find menu item with id root');
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
  it('create shows a notification (generated id "0", "1", ... or the given one); clear removes it', async () => {
    const { browser, control } = createFakeBrowser();
    const id = await browser.notifications.create({ type: 'basic', title: 'T', message: 'M' });
    expect(id).toBe('0');
    await browser.notifications.create('mine', { type: 'basic', title: 'T2', message: 'M2' });
    expect(control.notifications).toEqual([
      { id, type: 'basic', title: 'T', message: 'M' },
      { id: 'mine', type: 'basic', title: 'T2', message: 'M2' },
    ]);
    expect(await browser.notifications.clear(id)).toBe(true);
    expect(await browser.notifications.clear(id)).toBe(false);
    expect(control.notifications.map((n) => n.id)).toEqual(['mine']);
  });

  it('refuses a notification without title or message synchronously, with the schema message', () => {
    const { browser, control } = createFakeBrowser();
    expect(() => browser.notifications.create({ type: 'basic', message: 'M' } as never)).toThrow(
      'Type error for parameter options (Property "title" is required) for notifications.create.',
    );
    expect(() => browser.notifications.create('x', { type: 'basic', title: 'T' } as never)).toThrow('Property "message" is required');
    expect(control.notifications).toEqual([]);
  });

  it('clickNotification and closeNotification fire onClicked and onClosed(byUser)', async () => {
    const { browser, control } = createFakeBrowser();
    const seen: unknown[] = [];
    browser.notifications.onClicked.addListener((id) => seen.push(['clicked', id]));
    browser.notifications.onClosed.addListener((id, byUser) => seen.push(['closed', id, byUser]));
    await browser.notifications.create('n', { type: 'basic', title: 'T', message: 'M' });
    control.clickNotification('n');
    control.closeNotification('n');
    expect(seen).toEqual([
      ['clicked', 'n'],
      ['closed', 'n', true],
    ]);
    expect(() => control.clickNotification('n')).toThrow('No notification "n" is shown');
  });
});
