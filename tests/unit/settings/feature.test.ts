import { describe, expect, it } from 'vitest';
import { boot } from '../../kit/boot';
import { DEFAULT_SETTINGS } from '../../../src/settings/settings';

const setup = () => boot();

describe('settings protocol through the background', () => {
  it('get, set a partial section, get again, reset', async () => {
    const { client } = await setup();
    expect(await client.call('settings.get', {})).toEqual(DEFAULT_SETTINGS);
    const next = await client.call('settings.set', { patch: { matching: { httpEqualsHttps: true } } });
    expect(next.matching.httpEqualsHttps).toBe(true);
    expect((await client.call('settings.get', {})).matching.httpEqualsHttps).toBe(true);
    expect(await client.call('settings.reset', {})).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses unknown fields at the protocol level', async () => {
    const { client } = await setup();
    await expect(client.call('settings.set', { patch: { matching: { nope: true } } } as never)).rejects.toMatchObject({ code: 'invalid-request' });
  });

  it('refuses a folder id that does not exist and changes nothing', async () => {
    const { client } = await setup();
    await expect(client.call('settings.set', { patch: { exclusions: { folderIds: ['missing_____'] } } })).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringMatching(/no folder with id "missing_____"/),
    });
    expect(await client.call('settings.get', {})).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses a bookmark id where a folder is needed', async () => {
    const { client, browser } = await setup();
    const b = await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'x', url: 'https://x.example/' });
    await expect(client.call('settings.set', { patch: { quickBookmark: { folderId: b.id } } })).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringMatching(/is not a folder/),
    });
  });

  it('accepts an existing folder for quick bookmarks', async () => {
    const { client, browser } = await setup();
    const f = await browser.bookmarks.create({ parentId: 'menu________', title: 'Inbox' });
    const next = await client.call('settings.set', { patch: { quickBookmark: { folderId: f.id } } });
    expect(next.quickBookmark.folderId).toBe(f.id);
  });

  it('lists the keyboard commands with their shortcuts', async () => {
    const { client } = await setup();
    const shortcuts = await client.call('settings.shortcuts', {});
    expect(shortcuts.find((s) => s.name === 'quick-bookmark')?.shortcut).toBe('Alt+Shift+1');
  });

  it('reports opened:false when Firefox offers no openShortcutSettings', async () => {
    const { client } = await setup();
    expect(await client.call('settings.openShortcutSettings', {})).toEqual({ opened: false });
  });
});
