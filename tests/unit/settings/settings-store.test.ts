import { describe, expect, it, vi } from 'vitest';
import { createFakeBrowser } from '../../fakes/browser';
import { createSettingsStore, applySettingsPatch } from '../../../src/settings/settings-store';
import { DEFAULT_SETTINGS, SETTINGS_KEY } from '../../../src/settings/settings';
import { AppError } from '../../../src/messaging/errors';

describe('settings store', () => {
  it('gives the defaults when nothing is stored', async () => {
    const { browser } = createFakeBrowser();
    expect(await createSettingsStore(browser).get()).toEqual(DEFAULT_SETTINGS);
  });

  it('updates one field of one section and keeps the rest', async () => {
    const { browser, control } = createFakeBrowser();
    const store = createSettingsStore(browser);
    const next = await store.update({ matching: { ignoreWww: true } });
    expect(next.matching).toEqual({ ...DEFAULT_SETTINGS.matching, ignoreWww: true });
    expect(next.keep).toEqual(DEFAULT_SETTINGS.keep);
    expect(control.storageLocal.get(SETTINGS_KEY)).toEqual(next);
    expect(await createSettingsStore(browser).get()).toEqual(next);
  });

  it('refuses an invalid patch with a clear message and stores nothing', async () => {
    const { browser, control } = createFakeBrowser();
    const store = createSettingsStore(browser);
    await expect(store.update({ keep: { rules: [] } })).rejects.toThrow(/keep\.rules: At least one keep rule/);
    await expect(store.update({ keep: { rules: ['oldest', 'oldest'] } })).rejects.toThrow(/only once/);
    expect(control.storageLocal.has(SETTINGS_KEY)).toBe(false);
  });

  it('a refused patch is an invalid-input AppError', () => {
    try {
      applySettingsPatch(DEFAULT_SETTINGS, { quickBookmark: { defaultTags: ['a,b'] } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('invalid-input');
      expect((error as AppError).message).toMatch(/quickBookmark\.defaultTags\.0: A tag cannot contain a comma/);
    }
  });

  it('trims default tags as the schema says', async () => {
    const { browser } = createFakeBrowser();
    const next = await createSettingsStore(browser).update({ quickBookmark: { defaultTags: ['  read  '] } });
    expect(next.quickBookmark.defaultTags).toEqual(['read']);
  });

  it('reset goes back to the defaults', async () => {
    const { browser } = createFakeBrowser();
    const store = createSettingsStore(browser);
    await store.update({ notifications: { enabled: false } });
    expect(await store.reset()).toEqual(DEFAULT_SETTINGS);
    expect(await store.get()).toEqual(DEFAULT_SETTINGS);
  });

  it('notifies listeners of changes, also changes written by another store instance', async () => {
    const { browser } = createFakeBrowser();
    const store = createSettingsStore(browser);
    const other = createSettingsStore(browser);
    const seen = vi.fn();
    const stop = store.onChange(seen);
    await other.update({ notifications: { enabled: false } });
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen.mock.calls[0]![0].notifications.enabled).toBe(false);
    stop();
    await other.reset();
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('two quick updates of different sections both survive (writes are serialized)', async () => {
    const { browser } = createFakeBrowser();
    const store = createSettingsStore(browser);
    await Promise.all([store.update({ matching: { ignoreQuery: true } }), store.update({ notifications: { enabled: false } })]);
    const s = await store.get();
    expect(s.matching.ignoreQuery).toBe(true);
    expect(s.notifications.enabled).toBe(false);
  });

  it('a broken stored section falls back to its default without losing valid sections', async () => {
    const { browser } = createFakeBrowser();
    await browser.storage.local.set({ [SETTINGS_KEY]: { matching: 'nonsense', notifications: { enabled: false } } });
    const s = await createSettingsStore(browser).get();
    expect(s.matching).toEqual(DEFAULT_SETTINGS.matching);
    expect(s.notifications.enabled).toBe(false);
  });
});
