// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '../../../src/app-protocol/client';
import type { LinkItem, LookupProgress, LookupStatus, WaybackOverview } from '../../../src/link-health/protocol';
import { ClientContext } from '../../../src/options-ui/client-context';
import { WaybackRescue } from '../../../src/options-ui/link-health/WaybackRescue';

afterEach(cleanup);

const dead: LinkItem[] = [1, 2, 3, 4, 5].map((i) => ({
  id: `${i}`,
  title: `Page ${i}`,
  url: `https://old.example/${i}`,
  path: ['Dead'],
  class: 'gone',
  skip: null,
  status: 404,
  finalUrl: null,
  failure: null,
  checks: 2,
  checkedAt: 1,
}));

/** The overview with the first `found` bookmarks looked up (a copy each) and the rest not yet. */
const overviewWith = (found: number): WaybackOverview => ({
  origin: 'https://archive.org/*',
  items: dead.map((d, i) => ({
    id: d.id,
    url: d.url,
    askedAt: 1,
    ...(i < found ? { snapshot: { url: `https://web.archive.org/web/20190503120000/${d.url}`, at: Date.UTC(2019, 4, 3) } } : {}),
  })),
});

/**
 * The rescue part of the view against a scripted background: the lookup runs there, and `progress`, `finish` and
 * `stop` script what its status says next (the view sees it at its next question, every 400 ms while it runs). What
 * the view asks is logged (the status questions are not). The whole flow in Firefox: tests/e2e/wayback-resume.e2e.ts.
 */
function scripted(initial: LookupStatus, found: number) {
  const log: string[] = [];
  let status = initial;
  let overview = overviewWith(found);
  const run = (p: LookupProgress, finishedAt: number | null = null) => ({ ...p, id: 'lookup', finishedAt, error: null });
  const client = {
    call: async (type: string) => {
      if (type !== 'links.wayback.status') log.push(type);
      if (type === 'links.wayback.overview') return overview;
      if (type === 'links.wayback.status') return status;
      if (type === 'links.wayback.start') return (status = { state: 'running', run: run({ done: 0, total: 3, found: 0, none: 0, failed: 0 }) });
      if (type === 'links.wayback.cancel') return (status = { state: 'idle', run: { ...status.run!, finishedAt: null } });
      throw new Error(`unexpected ${type}`);
    },
    startJob: () => {
      throw new Error('the view follows the lookup by its status');
    },
  } as unknown as Client;
  const hostAccess = {
    request: async (p: { origins: string[] }) => {
      log.push(`request ${p.origins.join(' ')}`);
      return true;
    },
  };
  render(
    <ClientContext.Provider value={client}>
      <WaybackRescue dead={dead} hostAccess={hostAccess} onChanged={() => undefined} />
    </ClientContext.Provider>,
  );
  return {
    log,
    progress: (p: LookupProgress) => (status = { state: 'running', run: run(p) }),
    /** The lookup ends with `p`, having found copies of the first `nowFound` bookmarks. */
    finish: (p: LookupProgress, nowFound: number) => {
      overview = overviewWith(nowFound);
      status = { state: 'idle', run: run(p, 2) };
    },
  };
}

const progressText = () => screen.getByTestId('wayback-progress').querySelector('.progress span')?.textContent;

describe('WaybackRescue', () => {
  it('a lookup running in the background when the view opens shows its progress, goes on to its end, then the copies found', async () => {
    const running: LookupStatus = { state: 'running', run: { done: 2, total: 5, found: 1, none: 1, failed: 0, id: 'lookup', finishedAt: null, error: null } };
    const page = scripted(running, 0);
    await waitFor(() => expect(progressText()).toBe('Looked up 2 of 5 · 1 found'));
    expect(screen.getByTestId('wayback-progress').querySelector('button')?.textContent).toBe('Cancel');
    expect(screen.queryByTestId('wayback-lookup')).toBeNull();
    page.progress({ done: 4, total: 5, found: 3, none: 1, failed: 0 });
    await waitFor(() => expect(progressText()).toBe('Looked up 4 of 5 · 3 found'), { timeout: 3000 });
    page.finish({ done: 5, total: 5, found: 4, none: 1, failed: 0 }, 4);
    await waitFor(
      () => expect(screen.getByTestId('wayback-notice').textContent).toContain('Lookup finished: 4 archived copies found, 1 without a copy, 0 not answered'),
      {
        timeout: 3000,
      },
    );
    await waitFor(() => expect(screen.getAllByTestId('wayback-copy')).toHaveLength(4));
    expect(screen.queryByTestId('wayback-progress')).toBeNull();
    // Leaving the view stops nothing.
    cleanup();
    expect(page.log.filter((l) => l === 'links.wayback.cancel')).toEqual([]);
  });

  it('Cancel asks the background to stop; the view says so and offers to look up what is left, asked for from the click', async () => {
    const running: LookupStatus = { state: 'running', run: { done: 2, total: 5, found: 2, none: 0, failed: 0, id: 'lookup', finishedAt: null, error: null } };
    const page = scripted(running, 2);
    await waitFor(() => expect(progressText()).toBe('Looked up 2 of 5 · 2 found'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('The lookup was stopped. What it found is kept; start it again for the rest.');
    expect(page.log).toContain('links.wayback.cancel');
    const again = await screen.findByRole('button', { name: 'Look up 3 dead links' });
    fireEvent.click(again);
    await waitFor(() => expect(page.log).toContain('links.wayback.start'));
    expect(page.log.indexOf('request https://archive.org/*')).toBeLessThan(page.log.indexOf('links.wayback.start'));
    await waitFor(() => expect(progressText()).toBe('Looked up 0 of 3 · 0 found'));
  });
});
