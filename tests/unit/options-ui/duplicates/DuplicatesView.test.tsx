// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DuplicatesView } from '../../../../src/options-ui/duplicates/DuplicatesView';
import { gate } from '../../../kit/gate';
import { bootPage } from '../../../kit/page';

afterEach(cleanup);
// Scans and cleanups run through the whole background on the fake: give them time on a loaded machine.
configure({ asyncUtilTimeout: 10_000 });

type Bg = Awaited<ReturnType<typeof bootPage>>;

async function seeded() {
  const bg = await bootPage();
  const b = bg.browser.bookmarks;
  await b.create({ parentId: 'menu________', title: 'Tart', url: 'https://recipes.example/tart' });
  await b.create({ parentId: 'unfiled_____', title: 'Tart copy', url: 'https://recipes.example/tart/' });
  await b.create({ parentId: 'unfiled_____', title: 'Alone', url: 'https://alone.example/' });
  return bg;
}

/** Three copies of a folder of 4 pages in the menu, a page ×3 elsewhere, an empty folder. */
async function seededWithFolders(bg: Bg) {
  const b = bg.browser.bookmarks;
  const devs: string[] = [];
  for (let copy = 0; copy < 3; copy++) {
    if (copy) await b.create({ parentId: 'menu________', title: `Between ${copy}`, url: `https://between.example/${copy}` });
    const dev = await b.create({ parentId: 'menu________', title: 'Dev' });
    devs.push(dev.id);
    for (let i = 0; i < 4; i++) await b.create({ parentId: dev.id, title: `Doc ${i}`, url: `https://docs.example/${i}` });
  }
  for (let i = 0; i < 3; i++) await b.create({ parentId: 'unfiled_____', title: 'News', url: `https://news.example/${i ? '?utm_source=x' : ''}` });
  await b.create({ parentId: 'unfiled_____', title: 'Empty' });
  return devs;
}

const summaryNumbers = () => screen.getByTestId('summary-numbers').textContent;
/** The page's own scan is on screen: not the last scan it shows while that scan runs. */
async function ownScanShown() {
  await screen.findByTestId('scan-summary');
  await waitFor(() => expect(screen.queryByTestId('scan-checking') ?? screen.queryByTestId('progress')).toBeNull());
}
const allBookmarks = async (bg: Bg) => (await bg.browser.bookmarks.search({})).filter((n) => n.url);

describe('DuplicatesView through the real background (fake browser)', () => {
  it('scans on open and shows the summary with the plan’s numbers, and the kept copy first with its reason', async () => {
    const bg = await seeded();
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    const summary = await screen.findByTestId('scan-summary');
    expect(within(summary).getByTestId('summary-groups').textContent).toBe('1 duplicate group among 3 bookmarks');
    expect(summaryNumbers()).toBe('1 copy to remove');
    const kept = screen.getByTestId('kept-copy');
    expect(kept.textContent).toContain('Bookmarks Menu');
    const header = screen.getByTestId('group-row');
    expect(header.textContent).toContain('kept because in your preferred folder Bookmarks Menu');
  });

  it('one set of numbers: summary, confirm, progress total, result and history agree; the page scans again by itself after the cleanup and after undo', async () => {
    const bg = await bootPage();
    const devs = await seededWithFolders(bg);
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await screen.findByTestId('scan-summary');
    const sentence = '10 copies to remove: 2 loose, 8 inside 2 copied folders; and 1 empty folder';
    expect(summaryNumbers()).toBe(sentence);
    fireEvent.click(screen.getByRole('button', { name: 'Clean up all with these rules…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('confirm-numbers').textContent).toBe(`${sentence}.`);
    // Every progress line the page shows while the cleanup runs.
    const progressLines: string[] = [];
    const watch = new MutationObserver(() => {
      const line = document.querySelector('[data-testid="cleanup-progress"] [data-testid="progress"]')?.textContent;
      if (line && line !== progressLines.at(-1)) progressLines.push(line);
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply cleanup' }));
    const result = await screen.findByTestId('apply-result', {}, { timeout: 10_000 });
    watch.disconnect();
    expect(result.textContent).toContain('10 copies removed: 2 loose, 8 inside 2 copied folders; and 1 empty folder');
    // The progress total is the same 10 copies, in the summary's words.
    const totals = new Set(progressLines.map((line) => line.match(/ of ([\d,]+) copies removed/)?.[1]).filter(Boolean));
    expect([...totals]).toEqual(['10']);
    expect(progressLines.some((line) => line.includes('of 10 copies removed (2 loose, 8 inside 2 copied folders; and 1 empty folder)'))).toBe(true);
    // The page shows the new state without a manual scan, the result stays on top.
    await waitFor(() => expect(screen.getByTestId('summary-groups').textContent).toBe('No duplicate bookmarks among 7 bookmarks'));
    const stays = screen.getByTestId('apply-result');
    expect(stays.closest('.view')?.firstElementChild).toBe(stays);
    expect(stays.textContent).toContain('10 copies removed: 2 loose, 8 inside 2 copied folders; and 1 empty folder');
    // Where the groups were, the page says there are none left.
    const groups = screen.getByRole('region', { name: 'Duplicate bookmarks (0 groups)' });
    expect(within(groups).queryAllByTestId('group-row')).toEqual([]);
    expect(groups.lastElementChild?.textContent).toBe('No duplicate bookmarks.');
    const history = await screen.findByTestId('session-summary');
    expect(history.textContent).toContain('10 copies removed: 2 loose, 8 inside 2 copied folders; and 1 empty folder');
    expect((await bg.browser.bookmarks.get(devs[0]!))[0]!.title).toBe('Dev');
    expect(await allBookmarks(bg)).toHaveLength(7);

    fireEvent.click(await screen.findByRole('button', { name: 'Undo…' }));
    const undoDialog = await screen.findByRole('alertdialog');
    expect(undoDialog.textContent).toContain('10 removed copies will be re-created (8 of them with 2 copied folders), 1 empty folder too.');
    fireEvent.click(within(undoDialog).getByRole('button', { name: 'Undo cleanup' }));
    await screen.findByTestId('undo-banner');
    await waitFor(() => expect(summaryNumbers()).toBe(sentence));
    expect(await allBookmarks(bg)).toHaveLength(17);
  });

  it('regression: after the page’s own cleanup, Preview and Clean up are not refused', async () => {
    const bg = await bootPage();
    await seededWithFolders(bg);
    await bg.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Second', url: 'https://second.example/' });
    await bg.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Second', url: 'https://second.example/' });
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await screen.findByTestId('scan-summary');
    // Leave one group for later, clean up the rest.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Leave https://second.example/ alone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clean up all with these rules…' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Apply cleanup' }));
    await screen.findByTestId('apply-result', {}, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByTestId('summary-groups').textContent).toBe('1 duplicate group among 9 bookmarks'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Leave https://second.example/ alone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview the cleanup' }));
    expect((await screen.findByTestId('plan-copies')).textContent).toBe('1');
    expect(screen.queryByTestId('stale-scan')).toBeNull();
    // The preview lists what goes: the one loose copy, under its section, with its folder and address.
    expect(screen.getByTestId('preview-list').getAttribute('data-items')).toBe('1');
    expect(screen.getByTestId('preview-section').textContent).toBe('1 loose copy, removed one by one');
    const item = screen.getByTestId('preview-item');
    expect(item.getAttribute('aria-label')).toMatch(/^Second, in (Bookmarks Toolbar|Other Bookmarks), https:\/\/second\.example\/$/);
  });

  it('a cleanup that fails says why, changes nothing, and the page shows the bookmarks as they are', async () => {
    const bg = await bootPage();
    await seededWithFolders(bg);
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await screen.findByTestId('scan-summary');
    // The cleanup's check reads the tree (it removes folders): Places fails that once, before anything is changed.
    const spy = vi.spyOn(bg.browser.bookmarks, 'getTree').mockRejectedValueOnce(new Error('Places is busy'));
    fireEvent.click(screen.getByRole('button', { name: 'Clean up all with these rules…' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Apply cleanup' }));
    expect((await screen.findByTestId('duplicates-error', {}, { timeout: 10_000 })).textContent).toContain('Places is busy');
    await waitFor(() => expect(screen.queryByTestId('progress')).toBeNull());
    spy.mockRestore();
    // Still in view after the page scanned again by itself, with nothing removed.
    expect(screen.getByTestId('duplicates-error').textContent).toContain('Places is busy');
    expect(screen.queryByTestId('apply-result')).toBeNull();
    expect(summaryNumbers()).toBe('10 copies to remove: 2 loose, 8 inside 2 copied folders; and 1 empty folder');
    expect(await allBookmarks(bg)).toHaveLength(17);
  });

  it('copied folders are one set of three with distinct labels; the copy the person picks stays', async () => {
    const bg = await bootPage();
    const devs = await seededWithFolders(bg);
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    const sets = await screen.findAllByTestId('folder-set');
    expect(sets).toHaveLength(1);
    const radios = within(sets[0]!).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    const names = radios.map((r) => ((r as HTMLInputElement).labels?.[0]?.textContent ?? '').replace(/\s+/g, ' '));
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toContain('1st of 5 in Bookmarks Menu');
    expect(names[2]).toContain('5th of 5 in Bookmarks Menu');
    expect(names.every((n) => n.includes('4 bookmarks') && n.includes('nothing only here'))).toBe(true);
    expect(within(sets[0]!).getByTestId('kept-member').textContent).toContain('kept because');
    fireEvent.click(radios[2]!);
    expect(within(sets[0]!).getByTestId('kept-member').textContent).toContain('your choice');
    expect(summaryNumbers()).toBe('10 copies to remove: 2 loose, 8 inside 2 copied folders; and 1 empty folder');
    fireEvent.click(screen.getByRole('button', { name: 'Clean up all with these rules…' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Apply cleanup' }));
    await screen.findByTestId('apply-result', {}, { timeout: 10_000 });
    const left = (await bg.browser.bookmarks.getChildren('menu________')).filter((c) => c.title === 'Dev').map((c) => c.id);
    expect(left).toEqual([devs[2]]);
  });

  it('keeps the copy the user picks (one click), and the summary still counts the same', async () => {
    const bg = await seeded();
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await screen.findByTestId('scan-summary');
    fireEvent.click(screen.getByRole('radio', { name: 'Keep the copy in Other Bookmarks, 1st of 2: Tart copy' }));
    expect(screen.getByTestId('group-row').textContent).toContain('your choice');
    fireEvent.click(screen.getByRole('button', { name: 'Preview the cleanup' }));
    expect((await screen.findByTestId('plan-loose')).textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Apply…' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Apply cleanup' }));
    await screen.findByTestId('apply-result', {}, { timeout: 10_000 });
    expect((await bg.browser.bookmarks.search({ url: 'https://recipes.example/tart' })).length).toBe(0);
    expect((await bg.browser.bookmarks.search({ url: 'https://recipes.example/tart/' })).length).toBe(1);
  });

  it('“leave alone” survives a rescan, the event page unloading and the page reopening; a changed group says so', async () => {
    const bg = await seeded();
    const view = render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await screen.findByTestId('scan-summary');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Leave https://recipes.example/tart alone' }));
    expect(summaryNumbers()).toBe('No copies to remove');
    await waitFor(async () => expect(await bg.client.call('dedup.decisions.list', {})).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Scan again' }));
    await waitFor(() => expect(screen.queryByTestId('progress')).toBeNull());
    expect((screen.getByRole('checkbox', { name: 'Leave https://recipes.example/tart alone' }) as HTMLInputElement).checked).toBe(true);

    view.unmount();
    bg.restart();
    await bg.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Tart 3', url: 'https://recipes.example/tart?utm_source=x' });
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await ownScanShown();
    expect((screen.getByRole('checkbox', { name: 'Leave https://recipes.example/tart alone' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('group-row').textContent).toContain('changed since you decided: 2 copies then, 3 now');
    expect(screen.getByTestId('summary-details').textContent).toContain('1 group left alone');
    expect(summaryNumbers()).toBe('No copies to remove');
  });

  it('a remembered keeper choice is applied on the next scan', async () => {
    const bg = await seeded();
    const view = render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await screen.findByTestId('scan-summary');
    fireEvent.click(screen.getByRole('radio', { name: 'Keep the copy in Other Bookmarks, 1st of 2: Tart copy' }));
    await waitFor(async () => expect((await bg.client.call('dedup.decisions.list', {}))[0]?.keeper?.title).toBe('Tart copy'));
    view.unmount();
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await ownScanShown();
    expect(screen.getByTestId('kept-copy').textContent).toContain('Tart copy');
    expect(screen.getByTestId('group-row').textContent).toContain('your choice');
  });

  it('“Expand all” opens every group and every folder of a big group; “Collapse all” closes every group', async () => {
    const bg = await seeded();
    const b = bg.browser.bookmarks;
    // A page ×6 (more than a handful: closed at first) in two folders, beside the tart ×2 (open at first).
    for (const title of ['Reading', 'Later']) {
      const folder = await b.create({ parentId: 'unfiled_____', title });
      for (let i = 0; i < 3; i++) await b.create({ parentId: folder.id, title: `Many ${title} ${i}`, url: 'https://many.example/' });
    }
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await screen.findByTestId('scan-summary');
    const header = (key: string) => screen.getAllByTestId('group-row').find((g) => g.getAttribute('data-group-key') === key)!;
    const copyTitles = () => [...document.querySelectorAll('[data-testid="copy"], [data-testid="kept-copy"]')].map((c) => c.querySelector('.title')?.textContent ?? '');
    expect(header('https://many.example').getAttribute('aria-expanded')).toBe('false');
    expect(header('https://recipes.example/tart').getAttribute('aria-expanded')).toBe('true');
    expect(copyTitles().filter((title) => title.startsWith('Many'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getAllByTestId('group-row').map((g) => g.getAttribute('aria-expanded'))).toEqual(['true', 'true']);
    const folders = screen.getAllByTestId('folder-row');
    expect(folders.map((f) => f.getAttribute('aria-expanded'))).toEqual(['true', 'true']);
    // Every copy of both groups is listed: the kept one pinned, the others under their folders.
    expect(
      copyTitles()
        .filter((title) => title.startsWith('Many'))
        .sort(),
    ).toEqual(['Many Later 0', 'Many Later 1', 'Many Later 2', 'Many Reading 0', 'Many Reading 1', 'Many Reading 2']);
    expect(copyTitles().filter((title) => title.startsWith('Tart'))).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(screen.getAllByTestId('group-row').map((g) => g.getAttribute('aria-expanded'))).toEqual(['false', 'false']);
    expect(screen.queryAllByTestId('folder-row')).toEqual([]);
    expect(copyTitles()).toEqual([]);
    expect(screen.getAllByRole('treeitem')).toHaveLength(2);
  });

  it('filters groups by text and orders large groups first', async () => {
    const bg = await seeded();
    for (let i = 0; i < 3; i++) await bg.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Many', url: 'https://many.example/' });
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await screen.findByTestId('scan-summary');
    expect(screen.getAllByTestId('group-row').map((g) => g.getAttribute('data-group-key'))).toEqual(['https://recipes.example/tart', 'https://many.example']);
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'copies' } });
    expect(screen.getAllByTestId('group-row').map((g) => g.getAttribute('data-group-key'))).toEqual(['https://many.example', 'https://recipes.example/tart']);
    fireEvent.input(screen.getByLabelText('Title or address'), { target: { value: 'nothing-like-this' } });
    // No group is listed, and the list says why.
    const groups = await screen.findByRole('region', { name: 'Duplicate bookmarks (0 of 2 groups)' });
    expect(within(groups).queryAllByTestId('group-row')).toEqual([]);
    expect(groups.lastElementChild?.textContent).toBe('No group matches the filters.');
  });

  it('says so when the ?url= address has no duplicates', async () => {
    const bg = await seeded();
    render(bg.wrap(<DuplicatesView focusUrl="https://alone.example/" />));
    const said = await screen.findByText((_, el) => el?.tagName === 'P' && el.textContent === 'https://alone.example/ has no duplicates.');
    // The address is untrusted: shown isolated.
    expect(said.querySelector('bdi')?.textContent).toBe('https://alone.example/');
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
    await waitFor(() => expect(summaryNumbers()).toBe('2 copies to remove'));
    fireEvent.click(screen.getByRole('button', { name: 'Preview the cleanup' }));
    expect((await screen.findByTestId('plan-loose')).textContent).toBe('2');
  });
});

describe('DuplicatesView opens on the last scan while it scans again', () => {
  it('shows the last scan at once, says it is checking, lets nothing be chosen or cleaned up, then shows its own scan', async () => {
    const bg = await seeded();
    const first = render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await ownScanShown();
    first.unmount();
    // Someone adds a third copy; the page's next scan waits on its read of history (every scan reads the visits; the
    // tree may come from the search index's mirror) until the test lets it go.
    await bg.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Tart 3', url: 'https://recipes.example/tart?utm_source=x' });
    const held = gate();
    const search = bg.browser.history.search.bind(bg.browser.history);
    const spy = vi.spyOn(bg.browser.history, 'search').mockImplementation(async (query) => {
      await held.promise;
      return search(query);
    });
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    // The last scan (2 copies), marked as being checked; every choice and cleanup button waits.
    const checking = await screen.findByTestId('scan-checking');
    expect(checking.getAttribute('role')).toBe('status');
    expect(checking.textContent).toContain('checking for changes');
    expect(screen.getByTestId('summary-groups').textContent).toBe('1 duplicate group among 3 bookmarks');
    expect((screen.getByRole('button', { name: 'Clean up all with these rules…' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Preview the cleanup' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Apply…' }) as HTMLButtonElement).disabled).toBe(true);
    const leave = screen.getByRole('checkbox', { name: 'Leave https://recipes.example/tart alone' }) as HTMLInputElement;
    expect(leave.disabled).toBe(true);
    expect(screen.getAllByRole('radio').every((r) => (r as HTMLInputElement).disabled)).toBe(true);
    // Space on the group (the keyboard path) changes nothing either.
    fireEvent.keyDown(screen.getByTestId('group-row'), { key: ' ' });
    expect(summaryNumbers()).toBe('1 copy to remove');
    expect(await bg.client.call('dedup.decisions.list', {})).toEqual([]);

    held.open();
    await ownScanShown();
    spy.mockRestore();
    expect(screen.getByTestId('summary-groups').textContent).toBe('1 duplicate group among 4 bookmarks');
    expect(summaryNumbers()).toBe('2 copies to remove');
    expect((screen.getByRole('checkbox', { name: 'Leave https://recipes.example/tart alone' }) as HTMLInputElement).disabled).toBe(false);
    // The plan comes from the page's own scan: the background builds it, nothing is refused as stale.
    fireEvent.click(screen.getByRole('button', { name: 'Preview the cleanup' }));
    expect((await screen.findByTestId('plan-loose')).textContent).toBe('2');
  });

  it('a scan that fails takes the last scan shown away with it', async () => {
    const bg = await seeded();
    const first = render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await ownScanShown();
    first.unmount();
    // A change since: the page's next scan must read Firefox (the last scan is not current); its read of history fails.
    await bg.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Tart 3', url: 'https://recipes.example/tart?utm_source=x' });
    const held = gate();
    const spy = vi.spyOn(bg.browser.history, 'search').mockImplementation(async () => {
      await held.promise;
      throw new Error('Places is busy');
    });
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await screen.findByTestId('scan-checking');
    held.open();
    expect((await screen.findByTestId('duplicates-error')).textContent).toContain('Places is busy');
    spy.mockRestore();
    expect(screen.queryByTestId('scan-summary')).toBeNull();
    expect(screen.queryByTestId('scan-checking')).toBeNull();
  });

  it('opens on its own scan when there is no last scan', async () => {
    const bg = await seeded();
    expect(await bg.client.call('dedup.lastScan', {})).toBeNull();
    render(bg.wrap(<DuplicatesView focusUrl={null} />));
    await screen.findByTestId('scan-summary');
    expect(screen.queryByTestId('scan-checking')).toBeNull();
    expect(summaryNumbers()).toBe('1 copy to remove');
  });
});
