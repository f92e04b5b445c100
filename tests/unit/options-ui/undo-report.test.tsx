// @vitest-environment happy-dom
/**
 * The undo report on the Duplicates page's history says what undo left alone and why (issue #11): copies Firefox
 * Sync had already brought back are left where they are and named, not created twice.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { CleanupHistory } from '../../../src/options-ui/duplicates/CleanupHistory';
import { planFromTree } from '../dedup/cleanup-fixtures';
import { bootPage } from '../../kit/page';

afterEach(cleanup);

describe('the undo report', () => {
  it('regression: undo after Sync brought copies back says they were left where they are', async () => {
    const bg = await bootPage();
    const b = bg.browser.bookmarks;
    await b.create({ parentId: 'menu________', title: 'keep', url: 'https://one.example/' });
    for (let i = 0; i < 5; i++) await b.create({ parentId: 'menu________', title: `copy ${i}`, url: 'https://one.example/' });
    const plan = await planFromTree(bg.browser, { createdAt: Date.now() });
    await bg.client.startJob('dedup.cleanup', plan).result;
    const synced = await b.create({ parentId: 'toolbar_____', title: 'Synced' });
    for (const r of plan.removals.slice(0, 2)) await bg.control.syncInsert({ id: r.id, parentId: synced.id, title: 'back from sync', url: 'https://one.example/' });

    let undone: unknown = null;
    render(bg.wrap(<CleanupHistory refreshKey={0} onUndone={(r) => (undone = r)} onRedone={() => undefined} />));
    fireEvent.click(await screen.findByRole('button', { name: /^Undo/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo cleanup' }));
    expect((await screen.findByTestId('undo-result')).textContent).toBe('Undone: 3 copies restored.');
    expect(screen.getByTestId('undo-left-alone').textContent).toBe(
      '2 items (“copy 0”, “copy 1”) were already back (Firefox Sync or someone brought them back): left where they are, not created twice.',
    );
    expect(undone).toMatchObject({ restored: 3, units: { copies: 3, copiedFolders: 0, emptyFolders: 0 }, leftAlone: [{ reason: 'already-back', count: 2 }] });
    expect((await b.search({ url: 'https://one.example/' })).length).toBe(6);
  });

  it('the list follows operations made elsewhere (a tag added from the popup) while it is shown; its heading says what it lists', async () => {
    const bg = await bootPage();
    await bg.browser.bookmarks.create({ parentId: 'menu________', title: 'a', url: 'https://a.example/' });
    render(bg.wrap(<CleanupHistory refreshKey={0} onUndone={() => undefined} onRedone={() => undefined} />));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Changes made with Tidymarks');
    await screen.findByText('Nothing changed with Tidymarks yet.');
    expect(screen.queryAllByTestId('session-summary')).toEqual([]);
    await bg.client.call('tags.add', { urls: ['https://a.example/'], tags: ['red'] });
    await waitFor(() => expect(screen.getByTestId('session-summary').textContent).toMatch(/Tagged 1 address with red — applied$/));
    expect(screen.queryByText('Nothing changed with Tidymarks yet.')).toBeNull();
  });

  it('a tag holding a right-to-left override shows its control in the history row, so it cannot turn the row around', async () => {
    const bg = await bootPage();
    await bg.browser.bookmarks.create({ parentId: 'menu________', title: 'a', url: 'https://a.example/' });
    await bg.client.call('tags.add', { urls: ['https://a.example/'], tags: ['\u202Eevil'] });
    render(bg.wrap(<CleanupHistory refreshKey={0} onUndone={() => undefined} onRedone={() => undefined} />));
    const row = await screen.findByTestId('session-summary');
    expect(row.textContent).toContain('[U+202E]evil');
    expect(row.textContent).not.toContain('\u202E');
    expect(row.querySelector('bdi.untrusted')?.textContent).toContain('[U+202E]evil');
  });

  it('an edit in the history is undone after its own question, then redone with Redo', async () => {
    const bg = await bootPage();
    await bg.browser.bookmarks.create({ parentId: 'menu________', title: 'a', url: 'https://a.example/' });
    await bg.client.call('tags.add', { urls: ['https://a.example/'], tags: ['red'] });
    let redone = 0;
    render(bg.wrap(<CleanupHistory refreshKey={0} onUndone={() => undefined} onRedone={() => redone++} />));
    expect((await screen.findByTestId('session-summary')).textContent).toContain('Tagged 1 address with red');
    fireEvent.click(await screen.findByRole('button', { name: /^Undo/ }));
    // The dialog asks about this change; what it describes itself with is the question and what re-creating means.
    const dialog = await screen.findByRole('alertdialog', { name: 'Undo this change?' });
    const description = document.getElementById(dialog.getAttribute('aria-describedby')!)!;
    expect([...description.children].map((p) => p.textContent)).toEqual([
      'Undo: Tagged 1 address with red? What someone changed since stays as they left it.',
      expect.stringMatching(/^Re-created items come back with their title/),
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect((await screen.findByTestId('undo-result')).textContent).toBe('Undone: 0 items restored.');
    expect(await bg.client.call('tags.forUrls', { urls: ['https://a.example/'] })).toEqual([{ url: 'https://a.example/', tags: [] }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(screen.getByTestId('undo-result').textContent).toBe('Redone: Tagged 1 address with red.'));
    expect(redone).toBe(1);
    expect(await bg.client.call('tags.forUrls', { urls: ['https://a.example/'] })).toEqual([{ url: 'https://a.example/', tags: ['red'] }]);
    await waitFor(() => expect(screen.getByTestId('session-summary').textContent).toMatch(/— redone$/));
  });
});
