// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportExportView } from '../../../src/options-ui/ImportExportView';
import { useCatalog } from '../../../src/i18n';
import enMessages from '../../../_locales/en/messages.json';
import deMessages from '../../../_locales/de/messages.json';
import { bootPage } from '../../kit/page';

afterEach(cleanup);

const firefoxExport = readFileSync(resolve(import.meta.dirname, '../bookmarks-html/fixtures/firefox-export.html'), 'utf8');

async function pickFile(html: string, name = 'bookmarks.html') {
  const input = document.getElementById('import-file') as HTMLInputElement;
  Object.defineProperty(input, 'files', { configurable: true, value: [new File([new TextEncoder().encode(html)], name, { type: 'text/html' })] });
  fireEvent.change(input);
  await screen.findByTestId('import-file-summary');
}

const importButton = () => screen.getByRole('button', { name: /^(Import|Bring in the tags)/ }) as HTMLButtonElement;

describe('ImportExportView: every option state works or says why not', () => {
  it('"Into one folder" with no folder chosen disables Import and says why', async () => {
    const bg = await bootPage();
    render(bg.wrap(<ImportExportView />));
    await pickFile(firefoxExport);
    expect(importButton().disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('Into one folder:'));
    await waitFor(() => expect(importButton().disabled).toBe(true));
    expect(screen.getByTestId('import-blocked').textContent).toBe('Choose the folder to import into (or import back into Firefox’s own folders).');
    expect(importButton().getAttribute('aria-describedby')).toBe('import-blocked');
  });

  it('skips what is already bookmarked by default and shows the count skipped', async () => {
    const bg = await bootPage();
    await bg.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'mine', url: 'https://github.com/' });
    render(bg.wrap(<ImportExportView />));
    await pickFile(firefoxExport);
    expect((screen.getByLabelText('Skip what is already bookmarked (safe matching)') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(importButton());
    const report = await screen.findByTestId('import-report');
    expect(screen.getByTestId('import-skipped').textContent).toBe('1 bookmark');
    expect(report.textContent).toContain('Imported 7 bookmarks');
    // 5 addresses of the file have tags: the 4 created and the one skipped (it had none here).
    expect(screen.getByTestId('import-summary').textContent).toBe(
      'Imported 7 bookmarks, 3 folders and 2 separators; skipped 1 bookmark that was already bookmarked. New tags given to 5 addresses.',
    );
    expect(screen.queryByTestId('import-unchanged')).toBeNull();
    expect(screen.getByTestId('import-dates').textContent).toContain('keeps the file’s dates of 10 items');
  });

  it('re-importing an export with skip says that nothing changed, in bookmarks and addresses', async () => {
    const bg = await bootPage();
    await bg.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'one', url: 'https://page.example/a' });
    await bg.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'copy', url: 'https://page.example/a' });
    await bg.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'variant', url: 'http://page.example/a' });
    await bg.client.call('tags.add', { urls: ['https://page.example/a'], tags: ['x'] });
    await bg.client.call('tags.add', { urls: ['http://page.example/a'], tags: ['y'] });
    const { html } = await bg.client.call('bookmarksHtml.export', {});
    render(bg.wrap(<ImportExportView />));
    await pickFile(html);
    fireEvent.click(importButton());
    await screen.findByTestId('import-report');
    expect(screen.getByTestId('import-summary').textContent).toBe(
      'Imported 0 bookmarks, 0 folders and 0 separators; skipped 3 bookmarks that were already bookmarked. No address got new tags.',
    );
    expect(screen.getByTestId('import-unchanged').textContent).toBe(
      'Nothing changed: everything in the file was already bookmarked, with its tags. The history has no entry for this import.',
    );
    expect(await bg.client.call('history.list', {})).toHaveLength(2); // the two tag edits above, no import
  });

  it('a truncated file asks before importing what was read', async () => {
    const bg = await bootPage();
    render(bg.wrap(<ImportExportView />));
    await pickFile(firefoxExport.slice(0, firefoxExport.indexOf('<DT><A HREF="https://github.com/"')));
    expect(screen.getByTestId('import-truncated').textContent).toContain('The file ends while the folder "Dev" is still open: it looks truncated (line 28)');
    expect(importButton().disabled).toBe(true);
    expect(screen.getByTestId('import-blocked').textContent).toMatch(/tick “Import what was read”/);
    fireEvent.click(screen.getByLabelText('Import what was read'));
    await waitFor(() => expect(importButton().disabled).toBe(false));
    fireEvent.click(importButton());
    await screen.findByTestId('import-report');
    expect((await bg.client.call('core.countBookmarks', {})).bookmarks).toBe(5);
  });

  it('“Only Firefox’s tags” disables the target with the reason and creates no bookmark', async () => {
    const bg = await bootPage();
    await bg.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'GH', url: 'https://github.com/' });
    render(bg.wrap(<ImportExportView />));
    await pickFile(firefoxExport);
    fireEvent.click(screen.getByLabelText('Only Firefox’s tags, onto the bookmarks you already have'));
    await screen.findByText('Not used when only tags are brought in: no bookmark is created.');
    expect((screen.getByLabelText(/Back into Firefox’s own folders/) as HTMLInputElement).closest('fieldset')!.disabled).toBe(true);
    fireEvent.click(importButton());
    const report = await screen.findByTestId('import-report');
    expect(report.textContent).toContain('Brought in the tags of 1 bookmark: 1 address got new tags. No bookmark was created.');
    expect((await bg.client.call('core.countBookmarks', {})).bookmarks).toBe(1);
    expect(await bg.client.call('tags.forUrls', { urls: ['https://github.com/'] })).toEqual([{ url: 'https://github.com/', tags: ['code'] }]);
  });

  it('a backup file that cannot be read says so and asks nothing (review: the read failed unhandled)', async () => {
    const bg = await bootPage();
    render(bg.wrap(<ImportExportView />));
    const input = document.getElementById('restore-file') as HTMLInputElement;
    const file = new File(['{}'], 'backup.json', { type: 'application/json' });
    Object.defineProperty(file, 'text', { value: () => Promise.reject(new DOMException('The file was removed', 'NotReadableError')) });
    Object.defineProperty(input, 'files', { configurable: true, value: [file] });
    fireEvent.change(input);
    expect((await screen.findByRole('alert')).textContent).toBe('“backup.json” could not be read (was it moved or deleted?). Nothing was restored.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ImportExportView: an import is all or nothing, and the page says so', () => {
  /** A background whose bookmark creation stops after `after` items until `release` is called. */
  async function heldBackground(after: number) {
    const bg = await bootPage();
    const create = bg.browser.bookmarks.create;
    let made = 0;
    let finished = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const held = new Promise<void>((r) => (reached = r));
    bg.browser.bookmarks.create = async (details) => {
      if (++made > after) {
        reached();
        await gate;
      }
      const node = await create(details);
      finished++;
      return node;
    };
    return { bg, held, release, created: () => finished };
  }
  const note = () => screen.getByTestId('import-all-or-nothing').textContent;

  it('says it before and while the import runs; cancelling takes back what it had added', async () => {
    const { bg, held, release, created } = await heldBackground(4);
    const before = await bg.client.call('core.countBookmarks', {});
    render(bg.wrap(<ImportExportView />));
    expect(note()).toBe(
      'All or nothing: if the import is cancelled, this tab is closed or Firefox stops before it ends, everything it added is taken back, tags included. A file never comes in half.',
    );
    await pickFile(firefoxExport);
    expect(note()).toContain('All or nothing: if the import is cancelled');

    fireEvent.click(importButton());
    await held;
    await waitFor(() =>
      expect(note()).toBe(
        'All or nothing: cancelling, closing this tab or a crash now takes back everything imported so far, tags included (after a crash, at Firefox’s next start).',
      ),
    );
    // The progress counts the file's 15 entries (how far it got depends on when the report came).
    expect(screen.getByTestId('progress').textContent).toMatch(/^Importing: \d+ of 15 \(\d+%\)$/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel import' }));
    release();
    const error = await screen.findByTestId('import-error');
    // The exact number it had added (not the last progress report's), all taken back.
    expect(created()).toBeGreaterThanOrEqual(5);
    expect(error.textContent).toBe(
      `Import cancelled: the ${created()} entries it had added were taken back, tags included, so nothing of the file stays (closing this tab mid-import does the same).`,
    );
    expect(await bg.client.call('core.countBookmarks', {})).toEqual(before);
    expect(await bg.client.call('tags.list', {})).toEqual([]);
    expect(note()).toContain('All or nothing: if the import is cancelled');
  });

  it('says it in German too, before and while the import runs', async () => {
    useCatalog(deMessages, 'de');
    try {
      const { bg, held, release } = await heldBackground(2);
      render(bg.wrap(<ImportExportView />));
      expect(note()).toBe(
        'Alles oder nichts: Wird der Import abgebrochen, dieser Tab geschlossen oder Firefox vor dem Ende beendet, wird alles Hinzugefügte samt Schlagwörtern zurückgenommen. Eine Datei kommt nie nur halb herein.',
      );
      await pickFile(firefoxExport);
      fireEvent.click(screen.getByRole('button', { name: '8 Lesezeichen importieren' }));
      await held;
      await waitFor(() =>
        expect(note()).toBe(
          'Alles oder nichts: Ein Abbruch, das Schließen dieses Tabs oder ein Absturz nimmt jetzt alles bisher Importierte samt Schlagwörtern zurück (nach einem Absturz beim nächsten Start von Firefox).',
        ),
      );
      fireEvent.click(screen.getByRole('button', { name: 'Import abbrechen' }));
      release();
      await screen.findByTestId('import-error');
      expect((await bg.client.call('core.countBookmarks', {})).bookmarks).toBe(0);
    } finally {
      useCatalog(enMessages);
    }
  });

  it('says nothing of the kind when only tags are brought in (no bookmark is created)', async () => {
    const bg = await bootPage();
    render(bg.wrap(<ImportExportView />));
    await pickFile(firefoxExport);
    fireEvent.click(screen.getByLabelText('Only Firefox’s tags, onto the bookmarks you already have'));
    await screen.findByText('Not used when only tags are brought in: no bookmark is created.');
    expect(screen.queryByTestId('import-all-or-nothing')).toBeNull();
  });
});
