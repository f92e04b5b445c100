// @vitest-environment happy-dom
/**
 * The organizer component on the real background (fake browser): tree and list roles, keyboard selection in the
 * list (↓, Shift+↓, Ctrl+A), Enter opens a folder, Delete removes the selection, and a change made elsewhere shows;
 * a search and its clearing reuse the list's row elements (rows no result needs stay, blank, without a role); a
 * bookmark's archived copy shows in its details.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waybackTimestamp } from '../../../src/link-health/wayback/availability';
import { openWaybackStore, recordKey } from '../../../src/link-health/wayback/store';
import { OrganizerView } from '../../../src/organizer-ui/OrganizerView';
import { bootPage } from '../../kit/page';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

async function setup() {
  const bg = await bootPage();
  const b = bg.browser.bookmarks;
  const folder = await b.create({ parentId: 'toolbar_____', title: 'Folder' });
  await b.create({ parentId: folder.id, title: 'Inside', url: 'https://inside.example/' });
  for (const t of ['one', 'two', 'three']) await b.create({ parentId: 'toolbar_____', title: t, url: `https://${t}.example/` });
  render(<OrganizerView client={bg.client} />);
  const list = await screen.findByRole('listbox');
  await screen.findByRole('option', { name: /three/ });
  return { ...bg, b, folder, list };
}

const selectedNames = () =>
  within(screen.getByRole('listbox'))
    .queryAllByRole('option', { selected: true })
    .map((o) => o.textContent);

describe('OrganizerView', () => {
  it('has a tree of folders and a multi-select list; arrows, Shift+arrows and Ctrl+A select', async () => {
    const { list } = await setup();
    expect(screen.getByRole('tree').querySelector('[role="treeitem"][aria-selected="true"]')?.textContent).toContain('Bookmarks Toolbar');
    expect(list.getAttribute('aria-multiselectable')).toBe('true');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    await waitFor(() => expect(selectedNames()).toEqual([expect.stringContaining('one')]));
    fireEvent.keyDown(list, { key: 'ArrowDown', shiftKey: true });
    await waitFor(() => expect(selectedNames()).toHaveLength(2));
    expect(list.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /two/ }).id);
    fireEvent.keyDown(list, { key: 'a', ctrlKey: true });
    await waitFor(() => expect(selectedNames()).toHaveLength(4));
  });

  it('Enter opens a folder, type-ahead finds a row, Delete removes the selection from Firefox', async () => {
    const { list, b } = await setup();
    fireEvent.keyDown(list, { key: 't' });
    await waitFor(() => expect(selectedNames()).toEqual([expect.stringContaining('two')]));
    fireEvent.keyDown(list, { key: 'Delete' });
    await waitFor(async () => expect((await b.search({ title: 'two' })).length).toBe(0));
    await waitFor(() => expect(screen.queryByRole('option', { name: /two/ })).toBeNull());
    fireEvent.keyDown(list, { key: 'Home' });
    fireEvent.keyDown(list, { key: 'Enter' });
    await screen.findByRole('option', { name: /Inside/ });
  });

  it('shows a bookmark created elsewhere without a reload', async () => {
    const { b } = await setup();
    await b.create({ parentId: 'toolbar_____', title: 'From sync', url: 'https://sync.example/' });
    await screen.findByRole('option', { name: /From sync/ });
  });

  it('Ctrl+Z in the list undoes the delete just made; the Undo button says what it undoes, then has nothing left', async () => {
    const { list, b } = await setup();
    const undoButton = screen.getByTestId('organizer-undo') as HTMLButtonElement;
    await waitFor(() => expect(undoButton.disabled).toBe(true));
    fireEvent.keyDown(list, { key: 't' });
    await waitFor(() => expect(selectedNames()).toEqual([expect.stringContaining('two')]));
    fireEvent.keyDown(list, { key: 'Delete' });
    await waitFor(async () => expect((await b.search({ title: 'two' })).length).toBe(0));
    await waitFor(() => expect(undoButton.disabled).toBe(false));
    expect(undoButton.title).toBe('Undo: Deleted “two” (Ctrl+Z)');
    fireEvent.keyDown(list, { key: 'z', ctrlKey: true });
    await screen.findByText('Undone: Deleted “two”.');
    expect((await b.search({ title: 'two' })).map((n) => n.url)).toEqual(['https://two.example/']);
    await screen.findByRole('option', { name: /two/ });
    await waitFor(() => expect(undoButton.disabled).toBe(true));
  });

  it('Ctrl+Z pressed twice at once undoes two operations, one after the other; Ctrl+Shift+Z twice redoes both', async () => {
    const { list, b } = await setup();
    const redoButton = screen.getByTestId('organizer-redo') as HTMLButtonElement;
    const names = async () => (await b.getChildren('toolbar_____')).map((c) => c.title);
    for (const title of ['one', 'two']) {
      // The second row (the folder is the first) each time.
      fireEvent.keyDown(list, { key: 'Home' });
      fireEvent.keyDown(list, { key: 'ArrowDown' });
      await waitFor(() => expect(selectedNames()).toEqual([expect.stringContaining(title)]));
      fireEvent.keyDown(list, { key: 'Delete' });
      await waitFor(() => expect(within(list).queryByRole('option', { name: new RegExp(title) })).toBeNull());
    }
    expect(await names()).toEqual(['Folder', 'three']);
    fireEvent.keyDown(list, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(list, { key: 'z', ctrlKey: true });
    await waitFor(async () => expect(await names()).toEqual(['Folder', 'one', 'two', 'three']));
    await waitFor(() => expect(redoButton.title).toBe('Redo: Deleted “one” (Ctrl+Shift+Z)'));
    await waitFor(() => expect(redoButton.disabled).toBe(false));
    fireEvent.keyDown(list, { key: 'Z', ctrlKey: true, shiftKey: true });
    fireEvent.keyDown(list, { key: 'Z', ctrlKey: true, shiftKey: true });
    await waitFor(async () => expect(await names()).toEqual(['Folder', 'three']));
    await screen.findByText('Redone: Deleted “two”.');
  });

  it('a search reuses the rows of the folder: the rows it does not need stay blank and are no options; clearing it fills them again', async () => {
    const { list } = await setup();
    await within(list).findAllByRole('option');
    const rowsBefore = [...list.querySelectorAll('.org-row')];
    expect(rowsBefore).toHaveLength(4);
    // Each cell's elements (the title's and the address's isolates, the path's cut): kept, only their text patched.
    const cellElements = () =>
      rowsBefore.map((row) => [...row.querySelectorAll('.org-col-name bdi, .org-col-address bdi, .org-col-address span, .org-col-folder .org-cut')]);
    const elementsBefore = cellElements();
    expect(elementsBefore.every((els) => els.length === 5)).toBe(true);
    // Outside a search the Folder column is there but hidden.
    expect([...list.querySelectorAll('.org-col-folder')].every((cell) => (cell as HTMLElement).hidden)).toBe(true);
    fireEvent.input(screen.getByTestId('organizer-search'), { target: { value: 'two' } });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([expect.stringContaining('two')]),
    );
    const option = within(list).getByRole('option');
    const folderCell = option.querySelector('.org-col-folder') as HTMLElement;
    expect(folderCell.hidden).toBe(false);
    expect(folderCell.textContent).toBe('Bookmarks Toolbar');
    // The same four elements: one shows the result, three are idle (blank, no role, no id).
    const rowsDuring = [...list.querySelectorAll('.org-row')];
    expect(rowsDuring.length).toBe(4);
    expect(rowsDuring.every((row, i) => row === rowsBefore[i])).toBe(true);
    const idle = rowsDuring.filter((row) => row.classList.contains('idle'));
    expect(idle).toHaveLength(3);
    expect(idle.map((row) => [row.textContent, row.getAttribute('role'), row.id])).toEqual(Array(3).fill(['', null, '']));
    expect(cellElements().every((els, i) => els.length === 5 && els.every((el, j) => el === elementsBefore[i]![j]))).toBe(true);
    expect(list.textContent).not.toContain('three');
    fireEvent.input(screen.getByTestId('organizer-search'), { target: { value: '' } });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(4));
    const rowsAfter = [...list.querySelectorAll('.org-row')];
    expect(rowsAfter.length === 4 && rowsAfter.every((row, i) => row === rowsBefore[i])).toBe(true);
    expect(list.querySelectorAll('.org-row.idle')).toHaveLength(0);
    await within(list).findByRole('option', { name: /three/ });
    expect(cellElements().every((els, i) => els.length === 5 && els.every((el, j) => el === elementsBefore[i]![j]))).toBe(true);
  });

  it('a row gone idle keeps the isolates of its path, blank; the result filling its slot again patches their text', async () => {
    const { list, b, folder } = await setup();
    await b.create({ parentId: folder.id, title: 'Inside two', url: 'https://inside-two.example/' });
    const search = screen.getByTestId('organizer-search');
    const folderIsolates = () => [...list.querySelectorAll('.org-row')].map((row) => [...row.querySelectorAll('.org-col-folder bdi')]);
    fireEvent.input(search, { target: { value: 'example' } });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(5));
    const shown = folderIsolates();
    // 'two', 'Inside two': the other rows go idle, blank (no text, no role), their isolates kept.
    fireEvent.input(search, { target: { value: 'two' } });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    const idle = [...list.querySelectorAll('.org-row.idle')];
    expect(idle).toHaveLength(3);
    expect(idle.map((row) => [row.textContent, row.getAttribute('role')])).toEqual(Array(3).fill(['', null]));
    expect(folderIsolates().every((els, i) => els.length === shown[i]!.length && els.every((el, j) => el === shown[i]![j]))).toBe(true);
    // Filled again: the same elements, the paths of the rows shown now (none of an earlier row's text left).
    fireEvent.input(search, { target: { value: 'example' } });
    await waitFor(() => expect(within(list).queryAllByRole('option')).toHaveLength(5));
    expect(folderIsolates().every((els, i) => els.length === shown[i]!.length && els.every((el, j) => el === shown[i]![j]))).toBe(true);
    const paths = within(list)
      .getAllByRole('option')
      .map((o) => [o.querySelector('.org-col-name')!.textContent, o.querySelector('.org-col-folder')!.textContent]);
    expect(paths.sort()).toEqual(
      [
        ['🔖Inside', 'Bookmarks Toolbar › Folder'],
        ['🔖Inside two', 'Bookmarks Toolbar › Folder'],
        ['🔖one', 'Bookmarks Toolbar'],
        ['🔖three', 'Bookmarks Toolbar'],
        ['🔖two', 'Bookmarks Toolbar'],
      ].sort(),
    );
  });

  it('the details of a bookmark with an archived copy link to it, in the tab order; a bookmark that is a copy is labelled (issue 31)', async () => {
    const { b, list } = await setup();
    const snapshot = 'https://web.archive.org/web/20190503120000/https://one.example/';
    // What a lookup stores (src/link-health/wayback/store.ts), in the background's IndexedDB.
    const [one] = await b.search({ title: 'one' });
    const asked = waybackTimestamp(one!.dateAdded!);
    await openWaybackStore().put({ key: recordKey(one!.url!, asked), url: one!.url!, asked, snapshot: { url: snapshot, timestamp: '20190503120000' }, lookedUpAt: 0 });
    await b.create({ parentId: 'toolbar_____', title: 'Archived page', url: 'https://web.archive.org/web/2012/https://gone.example/' });
    await within(list).findByRole('option', { name: /Archived page/ });
    const details = () => screen.getByRole('complementary', { name: 'Details' });

    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    await waitFor(() => expect(selectedNames()).toEqual([expect.stringContaining('one')]));
    const link = (await within(details()).findByRole('link', { name: 'Archived copy (May 3, 2019)' })) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe(snapshot);
    expect(link.target).toBe('_blank');
    expect(link.tabIndex).toBe(0);

    fireEvent.keyDown(list, { key: 'ArrowDown' });
    await waitFor(() => expect(selectedNames()).toEqual([expect.stringContaining('two')]));
    await waitFor(() => expect(within(details()).queryByText(/Archived copy/)).toBeNull());

    fireEvent.keyDown(list, { key: 'End' });
    await waitFor(() => expect(selectedNames()).toEqual([expect.stringContaining('Archived page')]));
    const label = await within(details()).findByText('Archived copy (Jan 1, 2012)');
    expect(label.hasAttribute('href')).toBe(false);
    expect(within(details()).queryByRole('link')).toBeNull();
  });
});
