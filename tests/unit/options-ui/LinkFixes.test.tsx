// @vitest-environment happy-dom
/**
 * The Link health view's fixes against a scripted background: what the selection offers, the preview in a confirm
 * dialog (nothing is asked to change before Confirm), the fix job with exactly what the preview showed, its progress,
 * the result with what was left alone, and Undo / Redo through the history's jobs. The same flow against the real
 * background in Firefox is tests/e2e/link-health.e2e.ts; the fix itself is tests/unit/link-health/fixes.test.ts.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { FixPreview, FixProgress, FixResult, LinkItem, LinksOverview } from '../../../src/link-health/protocol';
import type { Client } from '../../../src/app-protocol/client';
import { ClientContext } from '../../../src/options-ui/client-context';
import { LinkHealthView } from '../../../src/options-ui/link-health/LinkHealthView';

afterEach(cleanup);

const counts = { ok: 3, moved: 2, redirected: 0, gone: 1, 'server-error': 0, unreachable: 1 };
const overview: LinksOverview = {
  checkable: 7,
  notChecked: 0,
  skipped: { 'not-web': 0, 'private-host': 0, 'invalid-url': 0 },
  hostsWithoutAccess: [],
  counts,
  addressCounts: counts,
  checkedBetween: { from: 1, to: 2 },
  run: null,
};
const item = (id: string, over: Partial<LinkItem>): LinkItem => ({
  id,
  title: `Page ${id}`,
  url: `https://a.example/${id}`,
  path: ['Bookmarks Toolbar'],
  class: null,
  skip: null,
  status: null,
  finalUrl: null,
  failure: null,
  checks: 1,
  checkedAt: 2,
  ...over,
});
const items = [
  item('m1', { class: 'moved', url: 'http://a.example/m1', finalUrl: 'https://a.example/m1', status: 200 }),
  item('m2', { class: 'moved', url: 'http://a.example/m2', finalUrl: 'https://a.example/m2', status: 200 }),
  item('g1', { class: 'gone', status: 404, checks: 2 }),
  item('u1', { class: 'unreachable', failure: 'dns', checks: 2 }),
];
const updatePreview: FixPreview = {
  action: 'update',
  folder: null,
  changes: [
    {
      id: 'm1',
      title: 'Page m1',
      url: 'http://a.example/m1',
      to: 'https://a.example/m1',
      parentId: 'toolbar_____',
      path: ['Bookmarks Toolbar', 'Reading'],
      tags: ['cooking', 'later'],
      class: 'moved',
    },
  ],
  leftOut: [{ id: 'm2', title: 'Page m2', url: 'http://a.example/m2', reason: 'url-changed' }],
};

interface Job {
  kind: string;
  input: unknown;
  progress?: (p: unknown) => void;
  finish(value: unknown): void;
  fail(error: unknown): void;
}

/** The view over a client that answers requests from `replies` and records every request and job. */
function scripted(replies: Record<string, unknown>) {
  const log: string[] = [];
  const jobs: Job[] = [];
  const client = {
    call: async (type: string, input: unknown) => {
      log.push(`${type} ${JSON.stringify(input)}`);
      if (!(type in replies)) throw new Error(`unexpected ${type}`);
      return replies[type];
    },
    startJob: (kind: string, input: unknown, progress?: (p: unknown) => void) => {
      log.push(`job ${kind} ${JSON.stringify(input)}`);
      let finish!: (v: unknown) => void;
      let fail!: (e: unknown) => void;
      const result = new Promise((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
      jobs.push({ kind, input, progress, finish, fail });
      return { result, pause: () => undefined, resume: () => undefined, cancel: () => log.push(`cancel ${kind}`) };
    },
  } as unknown as Client;
  render(
    <ClientContext.Provider value={client}>
      <LinkHealthView />
    </ClientContext.Provider>,
  );
  const job = (kind: string) => jobs.find((j) => j.kind === kind);
  return { log, job };
}

const defaults = () => ({
  'links.overview': overview,
  'links.results': { items },
  'search.folders': [
    { id: 'toolbar_____', path: ['Bookmarks Toolbar'] },
    { id: 'dead', path: ['Other Bookmarks', 'Dead links'] },
  ],
  'links.fixPreview': updatePreview,
});

/** What the bar says (and reads out) about the selection. */
const selectedSays = (bar: HTMLElement) => bar.querySelector('[aria-live]')?.textContent;

describe('link health fixes on the view', () => {
  it('a section selects its whole class, a box one bookmark; the bar offers what fits the selection', async () => {
    scripted(defaults());
    const selectMoved = await screen.findByRole('checkbox', { name: 'Select all: Moved for good (2)' });
    const bar = screen.getByRole('group', { name: 'Fix the selected bookmarks' });
    expect((within(bar).getByRole('button', { name: 'Update 0 to their new addresses…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(selectedSays(bar)).toBe('0 selected');
    fireEvent.click(selectMoved);
    expect(selectedSays(bar)).toBe('2 selected');
    expect((within(bar).getByRole('button', { name: 'Update 2 to their new addresses…' }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(bar).getByRole('button', { name: 'Remove 0 dead…' }) as HTMLButtonElement).disabled).toBe(true);
    // One dead bookmark picked on its own: removal and move now have something to act on (a move once a folder is chosen).
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select “Page g1”' }));
    expect((within(bar).getByRole('button', { name: 'Remove 1 dead…' }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(bar).getByRole('button', { name: 'Move 1…' }) as HTMLButtonElement).disabled).toBe(true);
    // Unselecting one of the class shows the section's box as mixed.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select “Page m2”' }));
    expect((selectMoved as HTMLInputElement).indeterminate).toBe(true);
    expect(selectedSays(bar)).toBe('2 selected');
    fireEvent.click(within(bar).getByRole('button', { name: 'Clear the selection' }));
    expect(selectedSays(bar)).toBe('0 selected');
  });

  it('the preview lists each change and what is left out and why; Escape closes it and nothing is asked to change', async () => {
    const page = scripted(defaults());
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all: Moved for good (2)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select “Page g1”' })); // not an update's: not sent with it
    fireEvent.click(screen.getByRole('button', { name: 'Update 2 to their new addresses…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Update 1 bookmark to its new address?' });
    expect(page.log).toContain('links.fixPreview {"action":"update","items":[{"id":"m1","url":"http://a.example/m1"},{"id":"m2","url":"http://a.example/m2"}]}');
    const change = within(dialog).getByTestId('fix-change');
    expect(change.textContent).toContain('http://a.example/m1 → https://a.example/m1');
    expect(change.textContent).toContain('in Bookmarks Toolbar › Reading');
    expect(change.textContent).toContain('tags that go to the new address: cooking, later');
    // Titles, addresses, folders and tags are untrusted text: each isolated (src/ui).
    expect([...change.querySelectorAll('bdi.untrusted')].map((el) => el.textContent)).toEqual([
      change.querySelector('.tagged-what > span')!.textContent,
      'http://a.example/m1 → https://a.example/m1',
      'in Bookmarks Toolbar › Reading',
      'tags that go to the new address: cooking, later',
    ]);
    const leftOut = within(dialog).getByTestId('fix-left-out');
    expect(leftOut.previousElementSibling?.textContent).toBe('1 selected bookmark is left out:');
    expect(leftOut.textContent).toBe('“Page m2”: its address changed since the check');
    // The dialog has the keyboard (Cancel first); Tab reaches the list, which scrolls when long.
    expect(document.activeElement?.textContent).toBe('Cancel');
    within(dialog).getByTestId('confirm').focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByTestId('fix-preview'));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(page.log.some((l) => l.startsWith('job links.fix'))).toBe(false);
  });

  it('Confirm runs the fix with exactly what the preview showed, with progress; the result says what was left alone; Undo and Redo go through the history', async () => {
    const page = scripted(defaults());
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all: Moved for good (2)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update 2 to their new addresses…' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(page.job('links.fix')).toBeTruthy());
    expect(page.job('links.fix')!.input).toEqual({
      action: 'update',
      changes: [{ id: 'm1', url: 'http://a.example/m1', title: 'Page m1', parentId: 'toolbar_____', to: 'https://a.example/m1' }],
    });
    page.job('links.fix')!.progress?.({ done: 0, total: 1 } satisfies FixProgress);
    expect((await screen.findByTestId('fix-progress')).textContent).toContain('Fixing: 0 of 1');
    fireEvent.click(within(screen.getByTestId('fix-progress')).getByRole('button', { name: 'Cancel' }));
    expect(page.log).toContain('cancel links.fix');
    page.job('links.fix')!.finish({
      action: 'update',
      folder: null,
      done: 1,
      leftAlone: [{ id: 'm9', title: 'Page m9', url: 'http://a.example/m9', reason: 'changed' }],
      operationId: 'op-1',
      cancelled: false,
    } satisfies FixResult);
    const result = await screen.findByTestId('fix-result');
    expect(within(result).getByRole('status').textContent).toBe('Updated 1 bookmark to its new address.');
    const leftAlone = within(result).getByTestId('fix-left-alone');
    expect(leftAlone.previousElementSibling?.textContent).toBe('1 bookmark was left alone:');
    expect(leftAlone.textContent).toBe('“Page m9”: someone changed it since the preview');
    // The list is read again after the fix.
    await waitFor(() => expect(page.log.filter((l) => l.startsWith('links.results')).length).toBe(2));

    fireEvent.click(within(result).getByRole('button', { name: 'Undo' }));
    expect(page.log).toContain('job history.undo {"sessionId":"op-1"}');
    page
      .job('history.undo')!
      .finish({ restored: 0, movedBack: 0, removed: 0, leftAlone: [{ reason: 'changed-since', count: 1, titles: ['Page m1'] }], problems: [], cancelled: false });
    expect((await screen.findByTestId('fix-undone')).textContent).toBe('Undone: the bookmarks are as they were, except what someone changed since.');
    // Under the report, what the undo left as someone changed it.
    expect(screen.getByTestId('fix-undone').nextElementSibling?.textContent).toBe('1 item (“Page m1”) was changed since: kept as it is now.');
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(page.log).toContain('job history.redo {"sessionId":"op-1"}');
    page.job('history.redo')!.finish({ restored: 0, movedBack: 0, removed: 0, leftAlone: [], problems: [], cancelled: false });
    expect((await screen.findByTestId('fix-undone')).textContent).toBe('Done again.');
    // Redone: the fix can be undone again, and there is nothing left to redo.
    expect(
      within(result)
        .getAllByRole('button')
        .map((button) => [button.textContent, (button as HTMLButtonElement).disabled]),
    ).toEqual([['Undo', false]]);
  });

  it('a move waits for a folder and sends it; a removal asks with a danger button; a preview with nothing to change says why', async () => {
    const movePreview: FixPreview = {
      action: 'move',
      folder: { id: 'dead', path: ['Other Bookmarks', 'Dead links'] },
      changes: [{ id: 'g1', title: 'Page g1', url: 'https://a.example/g1', to: null, parentId: 'toolbar_____', path: ['Bookmarks Toolbar'], tags: [], class: 'gone' }],
      leftOut: [],
    };
    const page = scripted({ ...defaults(), 'links.fixPreview': movePreview });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all: Gone (1)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all: Unreachable (1)' }));
    const move = screen.getByRole('button', { name: 'Move 2…' }) as HTMLButtonElement;
    expect(move.disabled).toBe(true);
    await waitFor(() => expect(screen.getAllByRole('option').length).toBe(3));
    fireEvent.change(screen.getByLabelText('Move dead ones to'), { target: { value: 'dead' } });
    expect(move.disabled).toBe(false);
    fireEvent.click(move);
    const dialog = await screen.findByRole('alertdialog', { name: 'Move 1 dead bookmark to Other Bookmarks › Dead links?' });
    expect(
      within(dialog)
        .getAllByTestId('fix-change')
        .map((row) => row.getAttribute('data-url')),
    ).toEqual(['https://a.example/g1']);
    expect(page.log).toContain(
      'links.fixPreview {"action":"move","items":[{"id":"g1","url":"https://a.example/g1"},{"id":"u1","url":"https://a.example/u1"}],"folderId":"dead"}',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(page.job('links.fix')?.input).toMatchObject({ action: 'move', folderId: 'dead' }));
    cleanup();

    const empty: FixPreview = { action: 'remove', folder: null, changes: [], leftOut: [{ id: 'g1', title: 'Page g1', url: 'https://a.example/g1', reason: 'gone' }] };
    const second = scripted({ ...defaults(), 'links.fixPreview': empty });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select “Page g1”' }));
    const remove = screen.getByRole('button', { name: 'Remove 1 dead…' });
    expect(remove.className).toBe('danger');
    fireEvent.click(remove);
    const nothing = await screen.findByTestId('fix-nothing');
    expect(nothing.textContent).toContain('Nothing to change: every selected bookmark is left out.');
    expect(nothing.textContent).toContain('“Page g1”: the bookmark is gone');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(second.log.some((l) => l.startsWith('job '))).toBe(false);
  });
});
