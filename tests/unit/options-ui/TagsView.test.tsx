// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { TagsView } from '../../../src/options-ui/TagsView';
import { bootPage } from '../../kit/page';

afterEach(cleanup);

async function seeded() {
  const bg = await bootPage();
  await bg.client.call('tags.add', { urls: ['https://a.example/', 'https://b.example/'], tags: ['news'] });
  await bg.client.call('tags.add', { urls: ['https://c.example/'], tags: ['News-old', 'dev'] });
  render(bg.wrap(<TagsView />));
  await screen.findByTestId('tag-list');
  return bg;
}

describe('TagsView (tag manager)', () => {
  it('lists every tag with its count', async () => {
    await seeded();
    expect(screen.getByTestId('tag-count-news').textContent).toBe('2');
    expect(screen.getByTestId('tag-count-dev').textContent).toBe('1');
    expect(within(screen.getByTestId('tag-list')).getAllByRole('listitem')).toHaveLength(3);
  });

  it('isolates every tag and shows its bidirectional controls: a tag "\u202Eevil" reads "[U+202E]evil", not "live"', async () => {
    const bg = await bootPage();
    await bg.browser.bookmarks.create({ parentId: 'menu________', title: 'A\u202Etitle', url: 'https://a.example/' });
    await bg.client.call('tags.add', { urls: ['https://a.example/'], tags: ['\u202Eevil', 'plain'] });
    render(bg.wrap(<TagsView />));
    const list = await screen.findByTestId('tag-list');
    const names = [...list.querySelectorAll('.tag-name')];
    expect(names.map((n) => n.textContent)).toEqual(['[U+202E]evil', 'plain']);
    for (const name of names) expect(name.querySelector('bdi.untrusted')?.textContent).toBe(name.textContent);
    // Each row's checkbox names its tag with the control shown.
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual(['Select tag [U+202E]evil', 'Select tag plain']);
    fireEvent.click(names[0]!);
    const heading = await screen.findByRole('heading', { name: '“[U+202E]evil”' });
    expect(heading.querySelector('bdi')?.textContent).toBe('“[U+202E]evil”');
    await waitFor(() => expect(screen.getByTestId('tag-urls').textContent).toContain('https://a.example/'));
    const title = within(screen.getByTestId('tag-urls')).getByText('A\u202Etitle');
    expect(title.tagName).toBe('BDI');
    // The address's Remove button says which tag it removes from which address, the control shown.
    const remove = within(screen.getByTestId('tag-urls')).getAllByRole('button');
    expect(remove.map((button) => [button.textContent, button.getAttribute('aria-label')])).toEqual([['Remove tag', 'Remove tag [U+202E]evil from https://a.example/']]);
    expect(document.body.textContent).not.toContain('\u202Eevil');
  });

  it('shows a tag’s addresses and renames it', async () => {
    const { client } = await seeded();
    fireEvent.click(screen.getByRole('button', { name: 'news' }));
    await waitFor(() => expect(screen.getByTestId('tag-urls').textContent).toContain('https://b.example/'));
    fireEvent.input(screen.getByLabelText('Rename to'), { target: { value: 'reading' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await screen.findByText('Renamed “news” to “reading” on 2 addresses.');
    expect((await client.call('tags.list', {})).map((t) => t.tag)).toEqual(['dev', 'News-old', 'reading']);
  });

  it('deletes a tag only after an in-page confirmation naming the count', async () => {
    const { client } = await seeded();
    fireEvent.click(screen.getByRole('button', { name: 'news' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete tag…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('removed from 2 addresses');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((await client.call('tags.list', {})).length).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Delete tag…' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete tag' }));
    await screen.findByText('Deleted “news” from 2 addresses.');
    expect((await client.call('tags.list', {})).map((t) => t.tag)).toEqual(['dev', 'News-old']);
  });

  it('merges selected tags into one', async () => {
    const { client } = await seeded();
    fireEvent.click(screen.getByLabelText('Select tag news'));
    fireEvent.click(screen.getByLabelText('Select tag News-old'));
    fireEvent.input(screen.getByLabelText('Merge 2 selected tags into'), { target: { value: 'news' } });
    fireEvent.click(screen.getByRole('button', { name: 'Merge…' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Merge tags' }));
    await screen.findByText(/Merged into “news”/);
    expect(await client.call('tags.list', {})).toEqual([
      { tag: 'dev', count: 1 },
      { tag: 'news', count: 3 },
    ]);
  });

  it('shows a clear error for an invalid new name and changes nothing', async () => {
    const { client } = await seeded();
    fireEvent.click(screen.getByRole('button', { name: 'dev' }));
    fireEvent.input(screen.getByLabelText('Rename to'), { target: { value: 'a,b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect((await screen.findByTestId('tags-error')).textContent).toMatch(/comma/);
    expect((await client.call('tags.list', {})).map((t) => t.tag)).toContain('dev');
  });

  it('adds a tag to many bookmarks found by search', async () => {
    const { client, browser } = await seeded();
    await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Rust book', url: 'https://doc.rust-lang.org/book/' });
    await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Rust by example', url: 'https://doc.rust-lang.org/rust-by-example/' });
    fireEvent.input(screen.getByLabelText('Find bookmarks'), { target: { value: 'rust' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(within(screen.getByTestId('bulk-results')).getAllByRole('listitem')).toHaveLength(2));
    fireEvent.click(screen.getByLabelText('Select all 2'));
    fireEvent.input(screen.getByLabelText('Tag'), { target: { value: 'rust' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to 2 selected addresses' }));
    await screen.findByText('Added “rust” to 2 addresses.');
    expect((await client.call('tags.list', {})).find((t) => t.tag === 'rust')?.count).toBe(2);
  });
});

describe('TagsView: a tag’s page, order, empty state', () => {
  it('lists a tag’s addresses in natural order with each bookmark’s title and folder', async () => {
    const bg = await bootPage();
    const dev = await bg.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Dev' });
    for (const n of [102, 11, 109]) await bg.browser.bookmarks.create({ parentId: dev.id, title: `Doc ${n}`, url: `https://doc.example/doc/${n}` });
    await bg.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Another copy', url: 'https://doc.example/doc/11' });
    await bg.client.call('tags.add', { urls: ['https://doc.example/doc/102', 'https://doc.example/doc/11', 'https://doc.example/doc/109'], tags: ['docs'] });
    render(bg.wrap(<TagsView />));
    fireEvent.click(await screen.findByRole('button', { name: 'docs' }));
    await waitFor(() => expect(screen.getAllByTestId('tagged-bookmark')).toHaveLength(4));
    const rows = within(screen.getByTestId('tag-urls')).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.tagged-url')!.textContent)).toEqual([
      'https://doc.example/doc/11',
      'https://doc.example/doc/102',
      'https://doc.example/doc/109',
    ]);
    expect(rows[0]!.textContent).toContain('Another copy in Other Bookmarks');
    expect(rows[0]!.textContent).toContain('Doc 11 in Bookmarks Toolbar › Dev');
  });

  it('sorts tags naturally (tag2 before tag10)', async () => {
    const bg = await bootPage();
    await bg.client.call('tags.add', { urls: ['https://a.example/'], tags: ['tag10', 'tag2', 'Tag1'] });
    render(bg.wrap(<TagsView />));
    const list = await screen.findByTestId('tag-list');
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Tag1', 'tag2', 'tag10']);
  });

  it('with no tags, explains in two steps how Firefox’s own tags come in', async () => {
    const bg = await bootPage();
    render(bg.wrap(<TagsView />));
    const empty = await screen.findByTestId('tags-empty');
    const steps = within(empty).getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(steps[0]!.textContent).toContain('Export Bookmarks to HTML');
    expect(steps[1]!.textContent).toContain('Only Firefox’s tags, onto the bookmarks you already have');
    expect(within(empty).getByRole('link', { name: 'Import & Export' }).getAttribute('href')).toBe('#import-export');
    // Or a Firefox backup, which brings the keywords too.
    expect(within(empty).getByRole('link', { name: 'Backups' }).getAttribute('href')).toBe('#backups');
    expect(within(empty).getByTestId('tags-empty-backups').textContent).toContain('“Bring in tags and keywords”');
  });

  it('“Tag many bookmarks” puts its actions before the results (they stay in view while scrolling)', async () => {
    const bg = await bootPage();
    for (let i = 0; i < 30; i++) await bg.browser.bookmarks.create({ parentId: 'unfiled_____', title: `Page ${i}`, url: `https://many.example/${i}` });
    render(bg.wrap(<TagsView />));
    fireEvent.input(screen.getByLabelText('Find bookmarks'), { target: { value: 'many' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByTestId('bulk-results');
    const actions = screen.getByTestId('bulk-actions');
    expect(actions.compareDocumentPosition(results) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(actions.classList.contains('bulk-actions')).toBe(true);
  });
});
