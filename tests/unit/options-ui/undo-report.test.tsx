// @vitest-environment happy-dom
/**
 * The undo report on the Duplicates page's history says what undo left alone and why (issue #11): copies Firefox
 * Sync had already brought back are left where they are and named, not created twice.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { CleanupHistory } from '../../../src/options-ui/duplicates/CleanupHistory';
import { planFromTree } from '../dedup/cleanup-fixtures';
import { backgroundForPage } from './setup-background';

afterEach(cleanup);

describe('the undo report', () => {
  it('regression: undo after Sync brought copies back says they were left where they are', async () => {
    const bg = await backgroundForPage();
    const b = bg.browser.bookmarks;
    await b.create({ parentId: 'menu________', title: 'keep', url: 'https://one.example/' });
    for (let i = 0; i < 5; i++) await b.create({ parentId: 'menu________', title: `copy ${i}`, url: 'https://one.example/' });
    const plan = await planFromTree(bg.browser, { createdAt: Date.now() });
    await bg.client.startJob('dedup.apply', plan).result;
    const synced = await b.create({ parentId: 'toolbar_____', title: 'Synced' });
    for (const r of plan.removals.slice(0, 2)) await bg.control.syncInsert({ id: r.id, parentId: synced.id, title: 'back from sync', url: 'https://one.example/' });

    let undone: unknown = null;
    render(bg.wrap(<CleanupHistory refreshKey={0} onUndone={(r) => (undone = r)} onRedone={() => undefined} />));
    fireEvent.click(await screen.findByRole('button', { name: /^Undo/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo cleanup' }));
    expect((await screen.findByTestId('undo-result')).textContent).toBe('Undone: 3 restored, 0 moved back.');
    expect(screen.getByTestId('undo-left-alone').textContent).toBe(
      '2 items (“copy 0”, “copy 1”) were already back (Firefox Sync or someone brought them back): left where they are, not created twice.',
    );
    expect(undone).toMatchObject({ restored: 3, leftAlone: [{ reason: 'already-back', count: 2 }] });
    expect((await b.search({ url: 'https://one.example/' })).length).toBe(6);
  });
});
