// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FolderPicker } from '../../../src/ui/FolderPicker';
import type { FolderChoice } from '../../../src/search/types';

afterEach(cleanup);

const FOLDERS: FolderChoice[] = [
  { id: 'menu________', path: ['Bookmarks Menu'] },
  { id: 'dev', path: ['Bookmarks Menu', 'Dev'] },
  { id: 'rust', path: ['Bookmarks Menu', 'Dev', 'Rust'] },
  { id: 'toolbar_____', path: ['Bookmarks Toolbar'] },
  { id: 'recipes', path: ['Bookmarks Toolbar', 'Recipes'] },
  { id: 'unfiled_____', path: ['Other Bookmarks'] },
];

function Harness(props: { recent?: string[]; create?: (parentId: string, title: string) => Promise<FolderChoice>; onPicked?: (id: string) => void }) {
  const [value, setValue] = useState('unfiled_____');
  const [folders, setFolders] = useState(FOLDERS);
  return (
    <form aria-label="form" onKeyDown={(e) => e.key === 'Escape' && (document.body.dataset.formEsc = 'yes')}>
      <label for="f">Folder</label>
      <FolderPicker
        id="f"
        folders={folders}
        recent={props.recent ?? []}
        value={value}
        onChange={(id) => {
          setValue(id);
          props.onPicked?.(id);
        }}
        onCreateFolder={
          props.create &&
          (async (parentId, title) => {
            const made = await props.create!(parentId, title);
            setFolders((f) => [...f, made]);
            return made;
          })
        }
      />
    </form>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Folder' }) as HTMLInputElement;
const optionTexts = () =>
  within(screen.getByRole('listbox', { name: 'Folders' }))
    .getAllByRole('option')
    .map((o) => o.textContent);
/** Every line of the open list, in order: options, headings and notes. */
const listLines = () => Array.from(screen.getByRole('listbox', { name: 'Folders' }).children, (line) => line.textContent);
const highlighted = () => document.getElementById(box().getAttribute('aria-activedescendant') ?? '')?.textContent;

describe('FolderPicker (combobox with a listbox, like Firefox’s Ctrl+D panel)', () => {
  it('↓ opens the list: recent folders first, then the whole tree; ↓/↑ move the highlight (aria-activedescendant)', () => {
    render(<Harness recent={['recipes', 'dev', 'gone-folder']} />);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByText(/Recent folders|All folders/).map((h) => h.textContent)).toEqual(['Recent folders', 'All folders']);
    expect(optionTexts()).toEqual([
      'Bookmarks Toolbar › Recipes',
      'Bookmarks Menu › Dev',
      'Bookmarks Menu',
      'Dev',
      'Rust',
      'Bookmarks Toolbar',
      'Recipes',
      'Other Bookmarks (chosen)',
    ]);
    expect(highlighted()).toBe('Bookmarks Toolbar › Recipes');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(highlighted()).toBe('Bookmarks Menu');
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(highlighted()).toBe('Bookmarks Menu › Dev');
    expect(screen.getAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true')).toHaveLength(1);
  });

  it('Enter picks the highlighted folder and closes the list (the form is not submitted)', () => {
    const onPicked = vi.fn();
    const submit = vi.fn((e: Event) => e.preventDefault());
    render(<Harness onPicked={onPicked} />);
    screen.getByRole('form').addEventListener('submit', submit);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onPicked).toHaveBeenCalledWith('dev');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByTestId('folder-current').textContent).toBe('Bookmarks Menu › Dev');
    expect(submit).not.toHaveBeenCalled();
  });

  it('typing filters by every word of the path; Enter picks the highlighted match, not silently the first', () => {
    const onPicked = vi.fn();
    render(<Harness onPicked={onPicked} />);
    fireEvent.input(box(), { target: { value: 'menu dev' } });
    expect(optionTexts()).toEqual(['Bookmarks Menu › Dev', 'Bookmarks Menu › Dev › Rust']);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onPicked).toHaveBeenCalledWith('rust');
    expect(box().value).toBe('');
    fireEvent.input(box(), { target: { value: 'nothing like it' } });
    // The open list offers no folder, and says so.
    expect(listLines()).toEqual(['No folder matches.']);
  });

  it('Esc closes the open list and goes no further (the form stays); with the list closed it reaches the form', () => {
    render(<Harness />);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.body.dataset.formEsc).toBeUndefined();
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(document.body.dataset.formEsc).toBe('yes');
    delete document.body.dataset.formEsc;
  });

  it('"New folder" creates a folder in place inside the chosen folder and chooses it', async () => {
    const create = vi.fn(async (parentId: string, title: string): Promise<FolderChoice> => ({ id: 'made', path: ['Other Bookmarks', title] }));
    render(<Harness create={create} />);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'End' });
    for (let i = 0; i < FOLDERS.length; i++) fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(highlighted()).toBe('New folder in Other Bookmarks…');
    fireEvent.keyDown(box(), { key: 'Enter' });
    const name = await screen.findByLabelText('Name of the new folder');
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.keyDown(name, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('Give the new folder a name.');
    fireEvent.input(name, { target: { value: 'Read soon' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    await waitFor(() => expect(create).toHaveBeenCalledWith('unfiled_____', 'Read soon'));
    await waitFor(() => expect(screen.getByTestId('folder-current').textContent).toBe('Other Bookmarks › Read soon'));
    expect(screen.queryByLabelText('Name of the new folder')).toBeNull();
    expect(document.activeElement).toBe(box());
  });

  it('a folder that cannot be created says why and keeps the name', async () => {
    const create = vi.fn(async (): Promise<FolderChoice> => {
      throw new Error('parentGuid must be valid');
    });
    render(<Harness create={create} />);
    fireEvent.input(box(), { target: { value: 'Later' } });
    fireEvent.click(screen.getByRole('option', { name: /New folder/ }));
    const name = (await screen.findByLabelText('Name of the new folder')) as HTMLInputElement;
    expect(name.value).toBe('Later');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not create the folder: parentGuid must be valid');
    expect(name.value).toBe('Later');
  });

  it('renders at most MAX_SHOWN folders and says how many more there are (typing narrows it)', async () => {
    const many = Array.from({ length: 450 }, (_, i) => ({ id: `f${i}`, path: ['Other Bookmarks', `Folder ${i}`] }));
    render(<FolderPicker id="f" folders={many} recent={[]} value="f0" onChange={() => undefined} />);
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')).toHaveLength(200);
    // Right after the last folder shown, the list tells how many it leaves out.
    expect(listLines().slice(-2)).toEqual(['Folder 199', '250 more folders: type to narrow the list']);
  });

  it('isolates every folder name it shows: the chosen path, the tree, the recent paths and "New folder in …" (issue 29)', () => {
    const rlo = '\u202E';
    const evil: FolderChoice = { id: 'evil', path: ['Bookmarks Toolbar', `${rlo}evil`] };
    function Evil() {
      const [value, setValue] = useState('evil');
      return <FolderPicker id="e" folders={[...FOLDERS, evil]} recent={['evil']} value={value} onChange={setValue} onCreateFolder={async () => evil} />;
    }
    render(<Evil />);
    const bdis = (el: Element) => [...el.querySelectorAll('bdi')].map((b) => b.textContent);
    expect(bdis(screen.getByTestId('folder-current'))).toEqual(['Bookmarks Toolbar', `${rlo}evil`]);
    expect(bdis(document.getElementById('e-current')!)).toEqual([`Bookmarks Toolbar › ${rlo}evil`]);
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    // The recent folder with its path, the same folder in the tree by its name, and "New folder in" its name.
    expect(bdis(options[0]!)).toEqual(['Bookmarks Toolbar', `${rlo}evil`]);
    const inTree = options.filter((o) => o.textContent?.startsWith(`${rlo}evil`));
    expect(inTree.map(bdis)).toEqual([[`${rlo}evil`]]);
    const newFolder = options[options.length - 1]!;
    expect(newFolder.textContent).toBe(`New folder in ${rlo}evil…`);
    expect(bdis(newFolder)).toEqual([`${rlo}evil`]);
  });
});
