// @vitest-environment happy-dom
/**
 * Each options view is a chunk of its own (src/options-ui/views.tsx), loaded when it is first shown: a view whose code
 * cannot load (the extension updated under an open page) says so where it would be, and the other views still open.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionsApp } from '../../../src/options-ui/OptionsApp';
import { bootPage } from '../../kit/page';

vi.mock('../../../src/options-ui/TagsView', () => {
  throw new Error('the chunk is gone');
});

afterEach(cleanup);

describe('options views load on their own', () => {
  it('a view whose code cannot load says so; another tab still opens its view', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    history.replaceState(null, '', '/options/index.html#tags');
    const bg = await bootPage();
    render(<OptionsApp client={bg.client} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This view could not be loaded. Reload the page to try again.');
    expect(screen.getByRole('tabpanel', { name: 'Tags' }).contains(alert)).toBe(true);
    expect(logged).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    const heading = await screen.findByRole('heading', { name: 'When are two bookmarks the same?' });
    expect(screen.getByRole('tabpanel', { name: 'Settings' }).contains(heading)).toBe(true);
    expect(screen.queryByText('This view could not be loaded. Reload the page to try again.')).toBeNull();
  });
});
