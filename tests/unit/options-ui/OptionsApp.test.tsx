// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OptionsApp } from '../../../src/options-ui/OptionsApp';
import { bootPage } from '../../kit/page';

afterEach(cleanup);
beforeEach(() => history.replaceState(null, '', '/options/index.html#settings'));

describe('OptionsApp', () => {
  it('shows the bookmark count and opens the view named by the hash', async () => {
    const bg = await bootPage();
    await bg.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'One', url: 'https://one.example/' });
    render(<OptionsApp client={bg.client} />);
    await waitFor(() => expect(screen.getByTestId('bookmark-count').textContent).toBe('1 bookmark'));
    expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
    // The Settings view is the one shown, in the panel the Settings tab names.
    const heading = await screen.findByRole('heading', { name: 'When are two bookmarks the same?' });
    expect(screen.getByRole('tabpanel', { name: 'Settings' }).contains(heading)).toBe(true);
  });

  it('the count follows bookmarks added and removed elsewhere (the popup, Sync) while the page is open', async () => {
    const bg = await bootPage();
    await bg.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'One', url: 'https://one.example/' });
    render(<OptionsApp client={bg.client} />);
    await waitFor(() => expect(screen.getByTestId('bookmark-count').textContent).toBe('1 bookmark'));
    const two = await bg.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Two', url: 'https://two.example/' });
    await waitFor(() => expect(screen.getByTestId('bookmark-count').textContent).toBe('2 bookmarks'));
    await bg.browser.bookmarks.remove(two.id);
    await waitFor(() => expect(screen.getByTestId('bookmark-count').textContent).toBe('1 bookmark'));
  });

  it('tabs follow the arrow keys, Home and End, and update the hash', async () => {
    const bg = await bootPage();
    render(<OptionsApp client={bg.client} />);
    const settingsTab = screen.getByRole('tab', { name: 'Settings' });
    fireEvent.keyDown(settingsTab, { key: 'ArrowLeft' });
    expect(location.hash).toBe('#backups');
    expect(screen.getByRole('tab', { name: 'Backups' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Backups' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(location.hash).toBe('#bookmarks');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(location.hash).toBe('#settings');
    // Only the selected tab is in the Tab order.
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('tabindex'))).toEqual(['-1', '-1', '-1', '-1', '-1', '-1', '0']); // Bookmarks, Duplicates, Tags, Link health, Import / Export, Backups, Settings
  });
});

describe('OptionsApp opened on Duplicates', () => {
  it('regression: the bookmark count waits for the first scan, and still comes when that scan fails', async () => {
    history.replaceState(null, '', '/options/index.html#duplicates');
    const bg = await bootPage();
    await bg.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'One', url: 'https://one.example/' });
    // The scan fails (history cannot be read), the page says so, the header still counts.
    bg.browser.history.search = () => Promise.reject(new Error('history is unavailable'));
    render(<OptionsApp client={bg.client} />);
    expect((await screen.findByTestId('duplicates-error')).textContent).toBe('Firefox reported an error: history is unavailable');
    await waitFor(() => expect(screen.getByTestId('bookmark-count').textContent).toBe('1 bookmark'));
  });
});
