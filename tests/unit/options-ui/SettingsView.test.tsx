// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsView } from '../../../src/options-ui/SettingsView';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/settings/settings';
import { applySettingsPatch, type SettingsPatch } from '../../../src/settings/settings-store';
import { standIn } from '../../kit/stand-in';

afterEach(cleanup);

/** The settings part of the background, as a stand-in: what it stores, and the shortcuts Firefox reports. */
function settingsBackground(start: Settings = DEFAULT_SETTINGS, shortcuts = [{ name: 'quick-bookmark', description: 'Bookmark this page', shortcut: 'Alt+Shift+1' }]) {
  let stored = structuredClone(start);
  const bg = standIn({
    requests: {
      'settings.get': async () => stored,
      'settings.set': async ({ patch }) => (stored = applySettingsPatch(stored, patch as SettingsPatch)),
      'settings.reset': async () => (stored = structuredClone(DEFAULT_SETTINGS)),
      'settings.shortcuts': async () => shortcuts,
      // The rule editor's folder choices and remembered decisions.
      'search.folders': async () => [{ id: 'toolbar_____', path: ['Bookmarks Toolbar'] }],
      'dedup.decisions.list': async () => [],
    },
  });
  return Object.assign(bg, { stored: () => stored, writes: () => bg.calls.filter((c) => c.type === 'settings.set' || c.type === 'settings.reset') });
}

describe('SettingsView', () => {
  it('stores a matching rule at once', async () => {
    const bg = settingsBackground();
    render(bg.wrap(<SettingsView />));
    fireEvent.click(await screen.findByLabelText(/Ignore “www\.”/));
    await screen.findByTestId('settings-saved');
    expect(bg.writes()).toMatchObject([{ type: 'settings.set', input: { patch: { matching: { ignoreWww: true } } } }]);
    expect(bg.stored().matching.ignoreWww).toBe(true);
  });

  it('stores default tags, and refuses an invalid one with a clear message, changing nothing', async () => {
    const bg = settingsBackground();
    render(bg.wrap(<SettingsView />));
    const input = await screen.findByLabelText('Default tags (comma separated)');
    fireEvent.input(input, { target: { value: 'later, read ' } });
    fireEvent.blur(input);
    await waitFor(() => expect(bg.stored().quickBookmark.defaultTags).toEqual(['later', 'read']));
    fireEvent.input(input, { target: { value: 'x'.repeat(101) } });
    fireEvent.blur(input);
    // The protocol's schema refuses it before any handler runs: the stored settings never see it.
    expect((await screen.findByTestId('settings-error')).textContent).toMatch(/quickBookmark\.defaultTags/);
    expect(bg.writes()).toHaveLength(1);
    expect(bg.stored().quickBookmark.defaultTags).toEqual(['later', 'read']);
  });

  it('turns the copy guard off and on, and stores its threshold; a number out of range is refused, changing nothing', async () => {
    const bg = settingsBackground();
    render(bg.wrap(<SettingsView />));
    const guard = (await screen.findByLabelText(/Tell me when copies of my bookmarks arrive/)) as HTMLInputElement;
    const threshold = screen.getByLabelText('Tell me from this many copies') as HTMLInputElement;
    expect([guard.checked, threshold.value, threshold.min, threshold.max]).toEqual([true, '20', '2', '10000']);
    fireEvent.input(threshold, { target: { value: '50' } });
    fireEvent.keyDown(threshold, { key: 'Enter' });
    await waitFor(() => expect(bg.stored().copyGuard.threshold).toBe(50));
    fireEvent.input(threshold, { target: { value: '1' } });
    fireEvent.blur(threshold);
    expect((await screen.findByTestId('settings-error')).textContent).toContain('The number of copies must be a whole number from 2 to 10,000.');
    expect(bg.stored().copyGuard.threshold).toBe(50);
    fireEvent.click(guard);
    await waitFor(() => expect(bg.stored().copyGuard.enabled).toBe(false));
    expect(threshold.disabled).toBe(true);
  });

  it('shows the quick-bookmark shortcut, and says when the user removed it', async () => {
    const bg = settingsBackground();
    render(bg.wrap(<SettingsView />));
    await waitFor(() => expect(screen.getByTestId('shortcut').textContent).toBe('Alt+Shift+1'));
    cleanup();
    render(settingsBackground(DEFAULT_SETTINGS, [{ name: 'quick-bookmark', description: 'Bookmark this page', shortcut: '' }]).wrap(<SettingsView />));
    await waitFor(() => expect(screen.getByTestId('shortcut').textContent).toBe('not set'));
  });

  it('reset asks in the page first, then restores the defaults', async () => {
    const bg = settingsBackground(applySettingsPatch(DEFAULT_SETTINGS, { notifications: { enabled: false } }));
    render(bg.wrap(<SettingsView />));
    fireEvent.click(await screen.findByRole('button', { name: 'Reset all settings to defaults…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bg.writes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Reset all settings to defaults…' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset settings' }));
    await waitFor(() => expect(bg.writes()).toEqual([{ type: 'settings.reset', input: {} }]));
    expect(bg.stored()).toEqual(DEFAULT_SETTINGS);
  });
});
