// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { DuplicatesView } from '../../../../src/options-ui/duplicates/DuplicatesView';
import { backgroundForPage } from '../setup-background';

afterEach(cleanup);

async function seeded() {
  const bg = await backgroundForPage();
  const b = bg.browser.bookmarks;
  await b.create({ parentId: 'menu________', title: 'Tart', url: 'https://recipes.example/tart' });
  await b.create({ parentId: 'unfiled_____', title: 'Tart copy', url: 'https://recipes.example/tart/' });
  await b.create({ parentId: 'unfiled_____', title: 'Alone', url: 'https://alone.example/' });
  return bg;
}

describe('DuplicatesView through the real background (fake browser)', () => {
  it('scans on open and shows the summary and the group', async () => {
    const bg = await seeded();
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    const summary = await screen.findByTestId('scan-summary');
    expect(within(summary).getByTestId('summary-groups').textContent).toContain('1');
    expect(within(summary).getByTestId('summary-copies').textContent).toContain('1');
    expect(screen.getByTestId('kept-copy').textContent).toContain('Bookmarks Menu');
  });

  it('keeps the copy the user picks, previews, applies after confirming, and undoes', async () => {
    const bg = await seeded();
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await screen.findByTestId('scan-summary');
    fireEvent.click(screen.getByRole('radio', { name: 'Keep the copy in Other Bookmarks: Tart copy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview the cleanup' }));
    expect((await screen.findByTestId('plan-bookmarks')).textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Apply…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('1 duplicate bookmarks, 0 duplicated folders and 0 empty folders will be removed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply cleanup' }));
    expect((await screen.findByTestId('apply-result')).textContent).toMatch(/Done: 1 copies removed/);
    expect((await bg.browser.bookmarks.search({ url: 'https://recipes.example/tart' })).length).toBe(0);
    expect((await bg.browser.bookmarks.search({ url: 'https://recipes.example/tart/' })).length).toBe(1);

    fireEvent.click(await screen.findByRole('button', { name: 'Undo…' }));
    const undoDialog = await screen.findByRole('alertdialog');
    // Before undoing, the user learns what an undo cannot give back.
    expect(undoDialog.textContent).toContain('date added is today');
    expect(undoDialog.textContent).toContain('keyword');
    fireEvent.click(within(undoDialog).getByRole('button', { name: 'Undo cleanup' }));
    await screen.findByTestId('undo-result');
    await waitFor(async () => expect((await bg.browser.bookmarks.search({ url: 'https://recipes.example/tart' })).length).toBe(1));
  });

  it('filters groups by text', async () => {
    const bg = await seeded();
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await screen.findByTestId('scan-summary');
    fireEvent.input(screen.getByLabelText('Title or address'), { target: { value: 'nothing-like-this' } });
    expect(await screen.findByText('No group matches the filters.')).toBeTruthy();
  });

  it('says so when the ?url= address has no duplicates', async () => {
    const bg = await seeded();
    render(bg.wrap(<DuplicatesView focusUrl="https://alone.example/" />));
    expect(await screen.findByText('https://alone.example/ has no duplicates.')).toBeTruthy();
  });
});

describe('DuplicatesView when the reviewed scan is no longer current', () => {
  it('shows the refusal with a Scan again button, removes nothing, and previews again after the new scan', async () => {
    const bg = await seeded();
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await screen.findByTestId('scan-summary');
    await bg.browser.bookmarks.create({ parentId: 'mobile______', title: 'Tart again', url: 'https://recipes.example/tart?utm_source=x' });
    fireEvent.click(screen.getByRole('button', { name: 'Preview the cleanup' }));
    const stale = await screen.findByTestId('stale-scan');
    expect(stale.getAttribute('role')).toBe('alert');
    expect(stale.textContent).toContain('Your bookmarks changed since the scan (or Tidymarks was restarted). Scan again to review the new state.');
    expect(stale.textContent).not.toMatch(/at .*\.ts|Error:/);
    expect(screen.queryByTestId('plan-preview')).toBeNull();
    expect((screen.getByRole('button', { name: 'Preview the cleanup' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Apply…' }) as HTMLButtonElement).disabled).toBe(true);
    expect((await bg.browser.bookmarks.search({ query: 'recipes.example' })).length).toBe(3);

    fireEvent.click(within(stale).getByRole('button', { name: 'Scan again' }));
    await waitFor(() => expect(screen.queryByTestId('stale-scan')).toBeNull());
    await waitFor(() => expect(within(screen.getByTestId('scan-summary')).getByTestId('summary-copies').textContent).toContain('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Preview the cleanup' }));
    expect((await screen.findByTestId('plan-bookmarks')).textContent).toBe('2');
  });
});
