// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { TagsView } from '../../../src/options-ui/TagsView';
import { backgroundForPage } from './setup-background';

afterEach(cleanup);

async function seeded() {
  const bg = await backgroundForPage();
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
