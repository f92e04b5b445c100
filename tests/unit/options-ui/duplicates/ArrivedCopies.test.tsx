// @vitest-environment happy-dom
/**
 * What the copy guard told, on the Duplicates page through the real background (fake browser): the choice on top in
 * words with the folder title isolated, "Remove the new copies" with its notice and Undo, "Keep them", and the "What
 * arrived" log after each, in English and German.
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import deMessages from '../../../../_locales/de/messages.json';
import enMessages from '../../../../_locales/en/messages.json';
import { BURST_QUIET_MS } from '../../../../src/copy-guard';
import { useCatalog } from '../../../../src/i18n';
import { ArrivalChoices, ArrivalLog, useArrivals } from '../../../../src/options-ui/duplicates/ArrivedCopies';
import { bootPage } from '../../../kit/page';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useCatalog(enMessages);
});
configure({ asyncUtilTimeout: 10_000 });

const page = (i: number) => ({ title: `page ${i}`, url: `https://page${i}.example/` });
/** A folder title with a right-to-left override: shown isolated, never turning the sentence around. */
const DEV = 'Dev \u202Ebad';

/** 30 pages of the person's, then Sync's copies: the folder DEV with 20 of them and 10 loose ones; the burst told. */
async function told() {
  const bg = await bootPage();
  await bg.app.bookmarkEvents.hold(async () => {
    for (let i = 0; i < 30; i++) await bg.app.browser.bookmarks.create({ parentId: 'menu________', ...page(i) });
  });
  await bg.app.live.whenFresh();
  await syncBrings(bg);
  return bg;
}

/** Sync's copies of the 30 pages: the folder DEV with 20 of them and 10 loose ones; the burst told. */
async function syncBrings(bg: Awaited<ReturnType<typeof bootPage>>) {
  const b = bg.browser.bookmarks;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const dev = await b.create({ parentId: 'toolbar_____', title: DEV });
  for (let i = 0; i < 20; i++) await b.create({ parentId: dev.id, ...page(i) });
  for (let i = 20; i < 30; i++) await b.create({ parentId: 'unfiled_____', ...page(i) });
  await vi.advanceTimersByTimeAsync(BURST_QUIET_MS);
  await bg.app.copyGuard.whenIdle();
  vi.useRealTimers();
}

function Arrivals() {
  const arrivals = useArrivals(0, () => undefined);
  return (
    <>
      <ArrivalChoices arrivals={arrivals} busy={false} />
      <ArrivalLog arrivals={arrivals} />
    </>
  );
}

const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('what the copy guard told, on the Duplicates page', () => {
  it('the choice in words; Remove the new copies, its notice and Undo; the log after each', async () => {
    const bg = await told();
    render(bg.wrap(<Arrivals />));
    const choice = await screen.findByTestId('arrival-choice');
    expect(textOf(choice.querySelector('p')!)).toMatch(/^10 copies of 10 pages and 20 copies in the folder “Dev \u202Ebad” arrived at .+\.$/);
    // The title is a part of its own, isolated: its override ends with it, the sentence stays in order.
    expect([...choice.querySelectorAll('bdi')].map((el) => el.textContent)).toEqual([DEV]);
    expect(
      within(choice)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Remove the new copies', 'Keep them']);
    expect(textOf(await screen.findByTestId('arrival-log-entry'))).toMatch(
      /: 30 copies \(10 copies of 10 pages and 20 copies in the folder “Dev .*bad”\) — waiting for your choice$/,
    );

    fireEvent.click(screen.getByTestId('remove-arrivals'));
    await waitFor(() =>
      expect(textOf(screen.getByTestId('arrivals-removed').querySelector('p')!)).toBe('The new copies are removed: 30 copies removed; and 1 empty folder.'),
    );
    expect(await bg.browser.bookmarks.search({ url: page(0).url })).toHaveLength(1);
    await waitFor(() => expect(textOf(screen.getByTestId('arrival-log-entry'))).toMatch(/— 30 copies removed$/));
    expect(screen.queryByTestId('arrival-choice')).toBeNull();

    fireEvent.click(screen.getByTestId('undo-arrivals-removal'));
    await waitFor(() => expect(textOf(screen.getByTestId('arrivals-undone'))).toMatch(/^Undone/));
    expect(await bg.browser.bookmarks.search({ url: page(0).url })).toHaveLength(2);
    await waitFor(() => expect(textOf(screen.getByTestId('arrival-log-entry'))).toMatch(/— 30 copies removed, then undone$/));
  });

  it('Keep them: the choice goes, the log says kept, nothing is removed (in German)', async () => {
    useCatalog(deMessages, 'de');
    const bg = await told();
    render(bg.wrap(<Arrivals />));
    const choice = await screen.findByTestId('arrival-choice');
    expect(textOf(choice.querySelector('p')!)).toMatch(/^Um .+ angekommen: 10 Kopien von 10 Seiten und 20 Kopien im Ordner „Dev .*bad“\.$/);
    expect(
      within(choice)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Die neuen Kopien entfernen', 'Behalten']);
    fireEvent.click(screen.getByTestId('keep-arrivals'));
    await waitFor(() => expect(screen.queryByTestId('arrival-choice')).toBeNull());
    expect(textOf(screen.getByTestId('arrival-log-entry'))).toMatch(/: 30 Kopien \(.*\) – behalten$/);
    expect(await bg.browser.bookmarks.search({ url: page(0).url })).toHaveLength(2);
  });

  it('nothing told: no choice, and the log says nothing arrived', async () => {
    const bg = await bootPage();
    render(bg.wrap(<Arrivals />));
    await screen.findByText('No burst of copies has arrived.');
    expect(screen.queryByTestId('arrival-choices')).toBeNull();
  });

  it('copies that came back after their removal: the day they were removed and the advice, in the choice and the log', async () => {
    const bg = await told();
    const [first] = await bg.client.call('copyGuard.log', {});
    await bg.client.startJob('copyGuard.remove', { burstId: first!.id }).result;
    await syncBrings(bg);
    render(bg.wrap(<Arrivals />));
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(Date.now());
    const said = `30 copies that you removed on ${day} came back.`;
    const choice = await screen.findByTestId('arrival-choice');
    expect(textOf(within(choice).getByTestId('arrival-came-back'))).toBe(said);
    expect(textOf(within(choice).getByTestId('arrival-advice'))).toMatch(/^Firefox does not tell extensions what made a change to the bookmarks, nor on which device/);
    const entries = await screen.findAllByTestId('arrival-log-entry');
    expect(entries.map((entry) => entry.querySelector('[data-testid="arrival-log-came-back"]')?.textContent?.trim() ?? null)).toEqual([said, null]);

    fireEvent.click(within(choice).getByTestId('remove-arrivals'));
    await waitFor(() => expect(textOf(screen.getByTestId('arrivals-removed').querySelector('p')!)).toMatch(/^The new copies are removed: 30 copies removed/));
    expect(await bg.browser.bookmarks.search({ url: page(0).url })).toHaveLength(1);
  });
});
