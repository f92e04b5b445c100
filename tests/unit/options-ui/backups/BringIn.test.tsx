// @vitest-environment happy-dom
/**
 * "Bring in tags and keywords" in the Backups view: the button of a backup that has tagged bookmarks or keywords, the
 * bookmarks it sends (read again in the decoder), its report, its undo and redo, the word about Firefox's address
 * bar; both locales. The background's side is tests/unit/firefox-backups/bring-in.test.ts.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupsView } from '../../../../src/options-ui/backups/BackupsView';
import { ClientContext } from '../../../../src/options-ui/client-context';
import type { Client } from '../../../../src/app-protocol';
import type { BackupDecoder, BringInReport } from '../../../../src/firefox-backups';
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

/** The daily backup Firefox ESR wrote (its example.com bookmark tagged "a tag, work", keyword "ex"). */
const FIREFOX_NAME = 'bookmarks-2026-12-07_16_lCRAO9yqF8D3goELNbxSwJSdIeV5OrGEBfeBTs4Oq7c=.jsonlz4';
const firefoxFile = () => new File([readFileSync(resolve(import.meta.dirname, '../../firefox-backups/fixtures', FIREFOX_NAME))], FIREFOX_NAME);
const plainFile = () =>
  new File(
    [
      mozLz4(
        JSON.stringify({
          typeCode: 2,
          root: 'placesRoot',
          children: [{ typeCode: 2, root: 'toolbarFolder', children: [{ typeCode: 1, title: 'b', uri: 'https://b.example/' }] }],
        }),
      ),
    ],
    'bookmarks-2026-12-01_3_abcdefghijklmnopqrstuvwxyz.jsonlz4',
  );

const source = (file: File) => ({ name: file.name, size: file.size, bytes: async () => new Uint8Array(await file.arrayBuffer()) });
const inThread = (): BackupDecoder => ({
  open: (file) => openBackup(source(file)),
  compare: (file, live) => compareBackup(source(file), live),
  annotations: (file) => openAnnotations(source(file)),
  close() {},
});

function pick(files: File[]) {
  const input = document.getElementById('backups-file') as HTMLInputElement;
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  fireEvent.change(input);
}

const REPORT: BringInReport = {
  items: 3,
  byGuid: 1,
  byAddress: 1,
  unmatched: 1,
  bookmarksTagged: 2,
  tagsAdded: 3,
  keywordsSet: 1,
  keywordsAlready: 0,
  keywordsDiffer: 1,
  keywordsTaken: 0,
  refused: 0,
  operationId: 'op1',
};

function withClient(result: () => Promise<unknown>) {
  const jobs: { kind: string; input: unknown }[] = [];
  const client = {
    call: async () => ({ encoded: '{"rows":[],"tags":[],"visits":[]}' }),
    startJob: (kind: string, input: unknown) => {
      jobs.push({ kind, input });
      return { result: kind === 'backups.bringIn' ? result() : Promise.resolve({ leftAlone: [] }), cancel() {}, pause() {}, resume() {} };
    },
  } as unknown as Client;
  render(
    <ClientContext.Provider value={client}>
      <BackupsView makeDecoder={inThread} />
    </ClientContext.Provider>,
  );
  return jobs;
}

describe('BackupsView: bringing in tags and keywords', () => {
  it('a backup with tagged bookmarks or keywords has the button; it sends those bookmarks, reports, undoes and redoes', async () => {
    const jobs = withClient(async () => REPORT);
    pick([firefoxFile(), plainFile()]);
    const button = await screen.findByRole('button', { name: 'Bring in tags and keywords (1 bookmark)' });
    // Only the backup that has some: the other has no such button.
    expect(screen.getAllByTestId('backup-bring-in')).toHaveLength(1);
    expect(screen.getByTestId('bring-in-address-bar').textContent).toContain('Firefox’s address bar does not know keywords kept by Tidymarks');
    fireEvent.click(button);
    await screen.findByTestId('bring-in-report');
    expect(jobs).toEqual([
      { kind: 'backups.bringIn', input: { items: [{ guid: 'Yg5BIsIcWxAN', url: 'https://example.com/', tags: ['a tag', 'work'], keyword: 'ex' }] } },
    ]);
    expect(screen.getByTestId('bring-in-summary').textContent).toBe('Tags added to 2 bookmarks (3 tags in all); 1 keyword set.');
    expect([...screen.getByTestId('bring-in-details').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '2 bookmarks of the backup found among your bookmarks: 1 as the same bookmark, 1 by their address.',
      '1 bookmark of the backup is not among your bookmarks now: nothing was created for it.',
      'Left alone: 1 address has another keyword in Tidymarks, and keeps it.',
    ]);
    fireEvent.click(screen.getByTestId('bring-in-undo'));
    await screen.findByTestId('bring-in-undone');
    expect(jobs[1]).toEqual({ kind: 'history.undo', input: { sessionId: 'op1' } });
    fireEvent.click(screen.getByTestId('bring-in-redo'));
    await waitFor(() => expect(jobs[2]).toEqual({ kind: 'history.redo', input: { sessionId: 'op1' } }));
  });

  it('nothing to bring says so, with no undo; a failure says why; in German too', async () => {
    useCatalog(deMessages, 'de');
    let answer: () => Promise<unknown> = async () => ({ ...REPORT, operationId: null, tagsAdded: 0, keywordsSet: 0 });
    withClient(() => answer());
    pick([firefoxFile()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Schlagwörter und Schlüsselwörter übernehmen (1 Lesezeichen)' }));
    expect((await screen.findByTestId('bring-in-summary')).textContent).toMatch(/^Nichts zu übernehmen/);
    expect(screen.queryByTestId('bring-in-undo')).toBeNull();
    answer = () => Promise.reject(new Error('Das ging schief.'));
    fireEvent.click(screen.getByTestId('backup-bring-in'));
    expect((await screen.findByTestId('bring-in-failed')).textContent).toBe('Das ging schief.');
  });
});
