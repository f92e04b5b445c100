// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsView } from '../../../src/options-ui/SettingsView';
import { DEFAULT_SETTINGS } from '../../../src/settings/settings';
import { bootPage } from '../../kit/page';

afterEach(cleanup);

describe('SettingsView', () => {
  it('stores a matching rule at once', async () => {
    const bg = await bootPage();
    render(bg.wrap(<SettingsView />));
    fireEvent.click(await screen.findByLabelText(/Ignore “www\.”/));
    await screen.findByTestId('settings-saved');
    expect((await bg.client.call('settings.get', {})).matching.ignoreWww).toBe(true);
  });

  it('stores default tags, and refuses an invalid one with a clear message, changing nothing', async () => {
    const bg = await bootPage();
    render(bg.wrap(<SettingsView />));
    const input = await screen.findByLabelText('Default tags (comma separated)');
    fireEvent.input(input, { target: { value: 'later, read ' } });
    fireEvent.blur(input);
    await waitFor(async () => expect((await bg.client.call('settings.get', {})).quickBookmark.defaultTags).toEqual(['later', 'read']));
    fireEvent.input(input, { target: { value: 'x'.repeat(101) } });
    fireEvent.blur(input);
    expect((await screen.findByTestId('settings-error')).textContent).toMatch(/quickBookmark\.defaultTags/);
    expect((await bg.client.call('settings.get', {})).quickBookmark.defaultTags).toEqual(['later', 'read']);
  });

  it('shows the quick-bookmark shortcut', async () => {
    const bg = await bootPage();
    render(bg.wrap(<SettingsView />));
    await waitFor(() => expect(screen.getByTestId('shortcut').textContent).toBe('Alt+Shift+1'));
  });

  it('reset asks in the page first, then restores the defaults', async () => {
    const bg = await bootPage();
    await bg.client.call('settings.set', { patch: { notifications: { enabled: false } } });
    render(bg.wrap(<SettingsView />));
    fireEvent.click(await screen.findByRole('button', { name: 'Reset all settings to defaults…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((await bg.client.call('settings.get', {})).notifications.enabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Reset all settings to defaults…' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset settings' }));
    await waitFor(async () => expect(await bg.client.call('settings.get', {})).toEqual(DEFAULT_SETTINGS));
  });
});
