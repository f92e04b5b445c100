// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupsView } from '../../../../src/options-ui/backups/BackupsView';
import { ClientContext } from '../../../../src/options-ui/client-context';
import type { Client } from '../../../../src/app-protocol';
import type { BackupDecoder } from '../../../../src/firefox-backups';
import { compareBackup } from '../../../../src/firefox-backups/compare-backup';
import { openAnnotations, openBackup } from '../../../../src/firefox-backups/open-backup';
import { useCatalog } from '../../../../src/i18n';
import enMessages from '../../../../_locales/en/messages.json';
import deMessages from '../../../../_locales/de/messages.json';
import { mozLz4 } from '../../firefox-backups/lz4-kit';

afterEach(() => {
  cleanup();
  useCatalog(enMessages);
});

const FIREFOX_NAME = 'bookmarks-2026-12-07_16_lCRAO9yqF8D3goELNbxSwJSdIeV5OrGEBfeBTs4Oq7c=.jsonlz4';
const fixture = (name: string) => readFileSync(resolve(import.meta.dirname, '../../firefox-backups/fixtures', name));

/** The decoder's work in this thread (the worker itself runs in the e2e test). */
const source = (file: File) => ({ name: file.name, size: file.size, bytes: async () => new Uint8Array(await file.arrayBuffer()) });
const inThread = (): BackupDecoder => ({
  open: (file) => openBackup(source(file)),
  compare: (file, live) => compareBackup(source(file), live),
  annotations: (file) => openAnnotations(source(file)),
  close() {},
});

/** A backup of `bookmarks` bookmarks in the toolbar, named as Firefox names its daily backups. */
function backupOf(date: string, bookmarks: number): File {
  const children = Array.from({ length: bookmarks }, (_, i) => ({ typeCode: 1, title: `b${i}`, uri: `https://example.com/${i}` }));
  const json = JSON.stringify({ typeCode: 2, root: 'placesRoot', guid: 'root________', children: [{ typeCode: 2, root: 'toolbarFolder', children }] });
  return new File([mozLz4(json)], `bookmarks-${date}_${bookmarks + 2}_abcdefghijklmnopqrstuvwxyz.jsonlz4`);
}

function pick(files: File[]) {
  const input = document.getElementById('backups-file') as HTMLInputElement;
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  fireEvent.change(input);
}

describe('BackupsView', () => {
  it('says where Firefox keeps its backups, how many, how to keep more, and that it changes bookmarks only when asked, undoably', () => {
    render(<BackupsView makeDecoder={inThread} />);
    expect(screen.getByTestId('backups-intro').textContent).toContain('keeps only the last 15');
    expect(screen.getByTestId('backups-intro').textContent).toContain('about:support');
    expect(screen.getByTestId('backups-intro').textContent).toContain('browser.bookmarks.max_backups');
    expect(screen.getByTestId('backups-read-only').textContent).toContain(
      'It changes bookmarks only when you restore, remove or put back items you chose, or bring in a backup’s tags and keywords, each time as one step you can undo.',
    );
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect((screen.getByLabelText(/Open backups/) as HTMLInputElement).multiple).toBe(true);
  });

  it('lists the opened backups newest first and charts their bookmarks oldest first, the jump in words', async () => {
    render(<BackupsView makeDecoder={inThread} />);
    pick([backupOf('2026-12-01', 34), backupOf('2026-12-03', 50), backupOf('2026-12-02', 51), new File([fixture(FIREFOX_NAME)], FIREFOX_NAME)]);
    await waitFor(() => expect(screen.getAllByTestId('backup-row')).toHaveLength(4));
    const rows = screen
      .getAllByTestId('backup-row')
      .map((r) => [
        within(r).getByTestId('backup-date').textContent,
        within(r).getByTestId('backup-bookmarks').textContent,
        within(r).getByTestId('backup-items').textContent,
      ]);
    expect(rows).toEqual([
      ['December 7, 2026', '7', '16'],
      ['December 3, 2026', '50', '52'],
      ['December 2, 2026', '51', '53'],
      ['December 1, 2026', '34', '36'],
    ]);
    expect(screen.getAllByTestId('backups-chart-point').map((p) => p.textContent)).toEqual([
      'December 1, 202634',
      'December 2, 202651',
      'December 3, 202650',
      'December 7, 20267',
    ]);
    expect(screen.getByTestId('backups-jump').textContent).toBe('The biggest change: 50 → 7 bookmarks on December 7, 2026 (−43).');
    expect(screen.getByTestId('backups-progress').textContent).toBe('');
  });

  it('a hostile file says why it was refused while the others open', async () => {
    render(<BackupsView makeDecoder={inThread} />);
    const cut = fixture(FIREFOX_NAME).subarray(0, 200);
    pick([backupOf('2026-12-01', 3), new File([cut], 'bookmarks-2026-12-02_16_abcdefghijklmnopqrstuvwxyz.jsonlz4'), new File(['<html>'], 'bookmarks.html')]);
    await waitFor(() => expect(screen.getAllByTestId('backup-failed')).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByTestId('backup-row')).toHaveLength(1));
    const failed = screen.getAllByTestId('backup-failed').map((li) => li.textContent);
    expect(failed[0]).toMatch(
      /^bookmarks-2026-12-02_16_abcdefghijklmnopqrstuvwxyz\.jsonlz4The file is cut short or damaged: its data ends before the 3,696 bytes its header announces\./,
    );
    expect(failed[1]).toContain('Not a Firefox backup: open a .jsonlz4 or .json file');
    expect(screen.getByTestId('backups-jump').textContent).toBe('Open two or more backups to see how the number of bookmarks changed.');
  });

  it('the same file picked again takes its row’s place; a name count that differs from the file is said', async () => {
    render(<BackupsView makeDecoder={inThread} />);
    pick([backupOf('2026-12-01', 3)]);
    await screen.findByTestId('backup-row');
    const renamed = new File([await backupOf('2026-12-01', 3).arrayBuffer()], 'bookmarks-2026-12-01_99_abcdefghijklmnopqrstuvwxyz.jsonlz4');
    pick([backupOf('2026-12-01', 3), renamed]);
    await waitFor(() => expect(screen.getAllByTestId('backup-row')).toHaveLength(2));
    expect(screen.getByTestId('backup-count-differs').textContent).toBe('Firefox’s file name says 99 items; the file holds 5.');
  });

  it('speaks German', async () => {
    useCatalog(deMessages, 'de');
    render(<BackupsView makeDecoder={inThread} />);
    pick([backupOf('2026-12-01', 3400), backupOf('2026-12-02', 5100)]);
    await waitFor(() => expect(screen.getAllByTestId('backup-row')).toHaveLength(2));
    expect(screen.getByTestId('backups-jump').textContent).toBe('Die größte Änderung: 3.400 → 5.100 Lesezeichen am 2. Dezember 2026 (+1.700).');
    expect(screen.getByTestId('backups-intro').textContent).toContain('die letzten 15');
  });

  it('compares a backup with now, from its row or its bar: counts, then the rows by kind and folder; nothing changed says so', async () => {
    // Now: b0 re-created (a new id, the same address in the same folder), b1 renamed, b2 removed, one added.
    const rows = [
      ['root________', -1, 0, 'f', '', '', 0],
      ['toolbar_____', 0, 0, 'f', 'Bookmarks Toolbar', '', 0],
      ['newb0-------', 1, 0, 'b', 'b0', 'https://example.com/0', Date.UTC(2026, 11, 5)],
      ['newb1-------', 1, 1, 'b', 'b1 \u202Erenamed', 'https://example.com/1', Date.UTC(2026, 11, 5)],
      ['added------1', 1, 2, 'b', 'Added', 'https://added.example/', Date.UTC(2026, 11, 6)],
    ];
    let live = JSON.stringify({ rows, tags: [], visits: [] });
    const calls: string[] = [];
    const client = { call: async (name: string) => (calls.push(name), { encoded: live }) } as unknown as Client;
    render(
      <ClientContext.Provider value={client}>
        <BackupsView makeDecoder={inThread} />
      </ClientContext.Provider>,
    );
    pick([backupOf('2026-12-01', 3), backupOf('2026-12-02', 2)]);
    await waitFor(() => expect(screen.getAllByTestId('backup-row')).toHaveLength(2));
    const compareButton = within(screen.getAllByTestId('backup-row')[1]!).getByRole('button', { name: 'Compare with now' });
    // Each row's button is described by its backup's date, so the same words on every row still tell them apart.
    expect(document.getElementById(compareButton.getAttribute('aria-describedby')!)!.textContent).toBe('December 1, 2026');
    fireEvent.click(compareButton);
    await screen.findByTestId('compare-counts');
    expect(calls).toEqual(['organizer.tree']);
    expect(screen.getByTestId('compare-section').querySelector('h3')!.textContent).toBe('The backup of December 1, 2026 compared with now');
    const counts = screen.getAllByTestId('compare-count').map((li) => li.textContent);
    expect(counts).toEqual(['Added since 1', 'Removed since 1', 'Moved to another folder 0', 'Renamed 1', 'Address changed 0', 'Tags changed 0']);
    expect(screen.getByTestId('compare-summary').textContent).toContain('2 items re-created since');
    const shown = screen
      .getAllByTestId('compare-row')
      .map((r) => [
        r.dataset['kind'],
        r.querySelector('.compare-title')!.textContent,
        r.querySelector('.compare-url')!.textContent,
        r.querySelector('.compare-detail')!.textContent,
      ]);
    expect(shown).toEqual([
      ['added', 'Added', 'https://added.example/', `added ${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(Date.UTC(2026, 11, 6))}`],
      ['removed', 'b2', 'https://example.com/2', ''],
      ['renamed', 'b1 \u202Erenamed', 'https://example.com/1', 'Was: b1'],
    ]);
    expect(screen.getAllByTestId('compare-folder').map((f) => f.textContent)).toEqual(['Bookmarks Toolbar', 'Bookmarks Toolbar', 'Bookmarks Toolbar']);
    // The title is isolated: its right-to-left override cannot turn the words after it around.
    expect(screen.getAllByTestId('compare-row')[2]!.querySelector('.compare-title bdi')!.textContent).toBe('b1 \u202Erenamed');

    // The newer backup by its bar in the chart, against a tree that is just that: nothing changed.
    live = JSON.stringify({
      rows: [rows[0], rows[1], ['a', 1, 0, 'b', 'b0', 'https://example.com/0', 0], ['b', 1, 1, 'b', 'b1', 'https://example.com/1', 0]],
      tags: [],
      visits: [],
    });
    const bars = screen.getAllByRole('button', { name: /^Compare the backup of/ });
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Compare the backup of December 1, 2026 (3 bookmarks) with now',
      'Compare the backup of December 2, 2026 (2 bookmarks) with now',
    ]);
    fireEvent.click(bars[1]!);
    await waitFor(() => expect(screen.getByTestId('compare-summary').textContent).toMatch(/^Nothing changed since December 2, 2026:/));
    expect(bars[1]!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('compare-list')).toBeNull();
  });

  it('says so when the bookmarks now cannot be read', async () => {
    const client = { call: async () => Promise.reject(new Error('The background is gone.')) } as unknown as Client;
    render(
      <ClientContext.Provider value={client}>
        <BackupsView makeDecoder={inThread} />
      </ClientContext.Provider>,
    );
    pick([backupOf('2026-12-01', 3)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Compare with now' }));
    expect((await screen.findByTestId('compare-failed')).textContent).toBe('Your bookmarks as they are now could not be read: The background is gone.');
  });

  it('a long comparison is virtualized: 5,000 added bookmarks draw only the rows in view', async () => {
    const rows: unknown[] = [
      ['root________', -1, 0, 'f', '', '', 0],
      ['toolbar_____', 0, 0, 'f', 'Bookmarks Toolbar', '', 0],
    ];
    for (let i = 0; i < 3; i++) rows.push([`old${i}`.padEnd(12, '-'), 1, i, 'b', `b${i}`, `https://example.com/${i}`, 0]);
    for (let i = 0; i < 5000; i++) rows.push([`new${i}`.padEnd(12, '-'), 1, i + 3, 'b', `New ${i}`, `https://new.example/${i}`, 0]);
    const live = JSON.stringify({ rows, tags: [], visits: [] });
    const client = { call: async () => ({ encoded: live }) } as unknown as Client;
    render(
      <ClientContext.Provider value={client}>
        <BackupsView makeDecoder={inThread} />
      </ClientContext.Provider>,
    );
    pick([backupOf('2026-12-01', 3)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Compare with now' }));
    await screen.findByTestId('compare-counts');
    expect(screen.getAllByTestId('compare-count')[0]!.textContent).toBe('Added since 5,000');
    const drawn = screen.getAllByTestId('compare-row').length;
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(40);
    const inner = screen.getByTestId('compare-list').firstElementChild as HTMLElement;
    // The list is as tall as all its rows: a heading, a folder, 5,000 items.
    expect(inner.style.blockSize).toBe(`${44 + 32 + 5000 * 68}px`);
  });
});

describe('BackupsView: restoring removed items', () => {
  /** Now: the toolbar holds b0 only; b1 and b2 of the backup were removed. */
  const live = JSON.stringify({
    rows: [
      ['root________', -1, 0, 'f', '', '', 0],
      ['toolbar_____', 0, 0, 'f', 'Bookmarks Toolbar', '', 0],
      ['newb0-------', 1, 0, 'b', 'b0', 'https://example.com/0', 0],
    ],
    tags: [],
    visits: [],
  });

  function withClient(result: () => Promise<unknown>) {
    const calls: string[] = [];
    const jobs: { kind: string; input: unknown }[] = [];
    const client = {
      call: async (name: string) => (calls.push(name), { encoded: live }),
      startJob: (kind: string, input: unknown) => {
        jobs.push({ kind, input });
        return { result: kind === 'backups.restoreRemoved' ? result() : Promise.resolve({ leftAlone: [] }), cancel() {}, pause() {}, resume() {} };
      },
    } as unknown as Client;
    render(
      <ClientContext.Provider value={client}>
        <BackupsView makeDecoder={inThread} />
      </ClientContext.Provider>,
    );
    return { calls, jobs };
  }

  it('chosen rows become the steps of one restore job; its report, its undo, and the comparison made again', async () => {
    const report = { restored: { bookmarks: 1, folders: 0 }, taggedUrls: 0, problems: [], sessionId: 's1', datesKept: 1 };
    const { calls, jobs } = withClient(async () => report);
    pick([backupOf('2026-12-01', 3)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Compare with now' }));
    await screen.findByTestId('restore-bar');
    const restore = screen.getByTestId('restore-button') as HTMLButtonElement;
    expect([restore.textContent, restore.disabled]).toEqual(['Restore 0 items', true]);
    expect(screen.getByTestId('restore-chosen').textContent).toMatch(/^Choose removed items/);
    // Each removed row's checkbox is named by its title.
    fireEvent.click(screen.getByRole('checkbox', { name: 'b2' }));
    expect(screen.getByTestId('restore-chosen').textContent).toBe('1 item chosen.');
    expect(restore.textContent).toBe('Restore 1 item');
    fireEvent.click(restore);
    await screen.findByTestId('restore-report');
    expect(jobs).toEqual([
      {
        kind: 'backups.restoreRemoved',
        input: {
          steps: [
            { kind: 'bookmark', title: 'b2', url: 'https://example.com/2', parent: { id: 'toolbar_____' }, index: 2, tags: [], dateAdded: null, lastModified: null },
          ],
        },
      },
    ]);
    expect(screen.getByTestId('restore-summary').textContent).toBe('Restored 1 bookmark and 0 folders from the backup, each at its place in its folder.');
    await waitFor(() => expect(calls).toEqual(['organizer.tree', 'organizer.tree']));
    fireEvent.click(screen.getByTestId('restore-undo'));
    await screen.findByTestId('restore-undone');
    expect(jobs[1]).toEqual({ kind: 'history.undo', input: { sessionId: 's1' } });
    expect(screen.getByTestId('restore-redo').textContent).toBe('Restore again');
    // "Choose all" takes every removed item.
    await waitFor(() => expect(calls).toHaveLength(3));
    fireEvent.click(await screen.findByTestId('restore-choose-all'));
    expect(screen.getByTestId('restore-button').textContent).toBe('Restore 2 items');
  });

  it('a restore that failed says why; in German too', async () => {
    useCatalog(deMessages, 'de');
    withClient(async () => Promise.reject(new Error('Die Wiederherstellung ist fehlgeschlagen.')));
    pick([backupOf('2026-12-01', 3)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Mit jetzt vergleichen' }));
    fireEvent.click(await screen.findByTestId('restore-choose-all'));
    expect(screen.getByTestId('restore-button').textContent).toBe('2 Einträge wiederherstellen');
    fireEvent.click(screen.getByTestId('restore-button'));
    expect((await screen.findByTestId('restore-failed')).textContent).toBe('Die Wiederherstellung ist fehlgeschlagen.');
  });
});

describe('BackupsView: removing added items', () => {
  it('a chosen added folder brings what was added in it into one removal job; its report and undo; in German too', async () => {
    const rows = [
      ['root________', -1, 0, 'f', '', '', 0],
      ['toolbar_____', 0, 0, 'f', 'Bookmarks Toolbar', '', 0],
      ['b0----------', 1, 0, 'b', 'b0', 'https://example.com/0', 0],
      ['b1----------', 1, 1, 'b', 'b1', 'https://example.com/1', 0],
      ['b2----------', 1, 2, 'b', 'b2', 'https://example.com/2', 0],
      ['newfolder---', 1, 3, 'f', 'New', '', 0],
      ['newbook-----', 5, 0, 'b', 'Inside', 'https://inside.example/', 0],
    ];
    const live = JSON.stringify({ rows, tags: [], visits: [] });
    const jobs: { kind: string; input: unknown }[] = [];
    const client = {
      call: async () => ({ encoded: live }),
      startJob: (kind: string, input: unknown) => {
        jobs.push({ kind, input });
        const result =
          kind === 'backups.removeAdded'
            ? { removed: 1, leftAlone: [{ title: 'x', url: null, reason: 'gone' }], operationId: 'op1', cancelled: false }
            : { leftAlone: [] };
        return { result: Promise.resolve(result), cancel() {}, pause() {}, resume() {} };
      },
    } as unknown as Client;
    render(
      <ClientContext.Provider value={client}>
        <BackupsView makeDecoder={inThread} />
      </ClientContext.Provider>,
    );
    pick([backupOf('2026-12-01', 3)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Compare with now' }));
    await screen.findByTestId('remove-bar');
    expect(screen.queryByTestId('restore-bar')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /New$/ }));
    expect(screen.getByTestId('remove-chosen').textContent).toBe('2 items chosen.');
    fireEvent.click(screen.getByTestId('remove-button'));
    await screen.findByTestId('remove-report');
    expect(jobs[0]).toEqual({
      kind: 'backups.removeAdded',
      input: {
        items: [
          { id: 'newfolder---', title: 'New', url: null, parentId: 'toolbar_____' },
          { id: 'newbook-----', title: 'Inside', url: 'https://inside.example/', parentId: 'newfolder---' },
        ],
      },
    });
    expect(screen.getByTestId('remove-summary').textContent).toBe(
      'Removed 1 item added since the backup, with what was in it. It is one step in the history: undo it here or on the Duplicates page.',
    );
    expect(screen.getByTestId('remove-kept').textContent).toBe('x: it was already gone.');
    fireEvent.click(screen.getByTestId('remove-undo'));
    await screen.findByTestId('remove-undone');
    expect(jobs.at(-1)).toEqual({ kind: 'history.undo', input: { sessionId: 'op1' } });
    cleanup();

    useCatalog(deMessages, 'de');
    render(
      <ClientContext.Provider value={client}>
        <BackupsView makeDecoder={inThread} />
      </ClientContext.Provider>,
    );
    pick([backupOf('2026-12-01', 3)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Mit jetzt vergleichen' }));
    fireEvent.click(await screen.findByTestId('remove-choose-all'));
    expect(screen.getByTestId('remove-button').textContent).toBe('2 Einträge entfernen');
  });
});

describe('BackupsView: putting changes back', () => {
  it('a chosen renamed row becomes one put-back job with its backup title; in German too', async () => {
    const rows = [
      ['root________', -1, 0, 'f', '', '', 0],
      ['toolbar_____', 0, 0, 'f', 'Bookmarks Toolbar', '', 0],
      ['b0----------', 1, 0, 'b', 'b0', 'https://example.com/0', 0],
      ['b1----------', 1, 1, 'b', 'b1 new', 'https://example.com/1', 0],
      ['b2----------', 1, 2, 'b', 'b2', 'https://example.com/2', 0],
    ];
    const live = JSON.stringify({ rows, tags: [], visits: [] });
    const jobs: { kind: string; input: unknown }[] = [];
    const client = {
      call: async () => ({ encoded: live }),
      startJob: (kind: string, input: unknown) => {
        jobs.push({ kind, input });
        return { result: Promise.resolve({ done: 1, leftAlone: [], operationId: 'op2', cancelled: false }), cancel() {}, pause() {}, resume() {} };
      },
    } as unknown as Client;
    render(
      <ClientContext.Provider value={client}>
        <BackupsView makeDecoder={inThread} />
      </ClientContext.Provider>,
    );
    pick([backupOf('2026-12-01', 3)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Compare with now' }));
    await screen.findByTestId('put-back-bar');
    fireEvent.click(screen.getByRole('checkbox', { name: 'b1 new' }));
    expect(screen.getByTestId('put-back-chosen').textContent).toBe('1 change chosen.');
    fireEvent.click(screen.getByTestId('put-back-button'));
    await screen.findByTestId('put-back-report');
    expect(jobs[0]).toEqual({
      kind: 'backups.putBack',
      input: { changes: [{ id: 'b1----------', title: 'b1 new', url: 'https://example.com/1', parentId: 'toolbar_____', to: { title: 'b1' } }] },
    });
    expect(screen.getByTestId('put-back-summary').textContent).toBe(
      'Put 1 item back as it was in the backup. It is one step in the history: undo it here or on the Duplicates page.',
    );
    cleanup();
    useCatalog(deMessages, 'de');
    render(
      <ClientContext.Provider value={client}>
        <BackupsView makeDecoder={inThread} />
      </ClientContext.Provider>,
    );
    pick([backupOf('2026-12-01', 3)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Mit jetzt vergleichen' }));
    fireEvent.click(await screen.findByTestId('put-back-choose-all'));
    expect(screen.getByTestId('put-back-button').textContent).toBe('1 Eintrag zurücksetzen');
  });
});
