// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '../../../src/app-protocol/client';
import { RemoteError } from '../../../src/messaging/errors';
import type { CheckProgress, CheckResult, CheckStatus, LinkItem, LinksOverview } from '../../../src/link-health/protocol';
import { ClientContext } from '../../../src/options-ui/client-context';
import { LinkHealthView } from '../../../src/options-ui/link-health/LinkHealthView';

afterEach(cleanup);

const counts = (over: Partial<CheckProgress['counts']> = {}) => ({ ok: 0, moved: 0, redirected: 0, gone: 0, 'server-error': 0, unreachable: 0, ...over });

/**
 * The view against a scripted background (the fake browser has no permissions API): what it asks, in which order
 * (the status it asks for while a check runs is not logged), and what it shows. The check runs in the background:
 * `progress` and `finish` script what its status says next (the view sees it at its next question); `refuseStart`
 * makes the background refuse the next start. The whole flow against Firefox is tests/e2e/link-health*.e2e.ts.
 */
function scripted(
  overview: LinksOverview,
  items: LinkItem[],
  permissions?: { onAdded: PermissionEvent; onRemoved: PermissionEvent },
  initial: CheckStatus = { state: 'idle', run: null },
) {
  const log: string[] = [];
  const current = { overview };
  let status = initial;
  let refusal: unknown = null;
  const run = (p: CheckProgress, finishedAt: number | null = null) => ({ ...p, id: 'run', finishedAt, error: null });
  const client = {
    call: async (type: string, input: unknown) => {
      if (type !== 'links.status') log.push(type.startsWith('links.start') ? `${type} ${JSON.stringify(input)}` : type);
      if (type === 'links.overview') return current.overview;
      if (type === 'links.results') return { items };
      if (type === 'links.status') return status;
      if (type === 'links.start') {
        if (refusal) throw refusal;
        return (status = { state: 'running', run: status.run ?? run({ done: 0, total: 3, counts: counts(), confirming: 0 }) });
      }
      if (type === 'links.pause') return (status = { ...status, state: 'paused' });
      if (type === 'links.cancel') return (status = { ...status, state: 'idle' });
      throw new Error(`unexpected ${type}`);
    },
    startJob: () => {
      throw new Error('the view follows the check by its status');
    },
    connect: () => {
      throw new Error('no ports here');
    },
  } as unknown as Client;
  const hostAccess = {
    request: async (p: { origins: string[] }) => {
      log.push(`request ${p.origins.join(' ')}`);
      return true;
    },
    ...permissions,
  };
  render(
    <ClientContext.Provider value={client}>
      <LinkHealthView hostAccess={hostAccess} />
    </ClientContext.Provider>,
  );
  return {
    log,
    current,
    progress: (p: CheckProgress) => (status = { state: status.state === 'paused' ? 'paused' : 'running', run: run(p) }),
    finish: (r: CheckResult) => (status = { state: 'idle', run: run({ done: r.checked, total: r.checked, counts: r.counts, confirming: 0 }, 1) }),
    /** The background refuses the next start with `e`. */
    refuseStart: (e: unknown) => (refusal = e),
  };
}

/** A permission event the test fires by hand (Firefox's permissions.onAdded / onRemoved). */
class PermissionEvent {
  private readonly listeners = new Set<() => void>();
  addListener(listener: () => void) {
    this.listeners.add(listener);
  }
  removeListener(listener: () => void) {
    this.listeners.delete(listener);
  }
  fire() {
    for (const listener of this.listeners) listener();
  }
  get count() {
    return this.listeners.size;
  }
}

const fresh: LinksOverview = {
  checkable: 3,
  notChecked: 3,
  skipped: { 'not-web': 1, 'private-host': 0, 'invalid-url': 0 },
  hostsWithoutAccess: ['a.example', 'b.example'],
  counts: counts(),
  addressCounts: counts(),
  checkedBetween: null,
  run: null,
};

describe('LinkHealthView', () => {
  it('fetches nothing on its own; the click asks for exactly the bookmarked sites, then starts the check', async () => {
    const page = scripted(fresh, []);
    const start = await screen.findByRole('button', { name: 'Check links' });
    expect(page.log).toEqual(['links.overview', 'links.results']);
    // Said first thing, under the heading.
    expect(screen.getByRole('heading', { level: 2 }).nextElementSibling?.textContent).toContain('Nothing is fetched until you start a check.');
    fireEvent.click(start);
    // The permission request is made inside the click (Firefox requires it), before any job.
    expect(page.log[2]).toBe('request http://a.example/* https://a.example/* http://b.example/* https://b.example/*');
    await waitFor(() => expect(page.log).toContain('links.start {"mode":"stale"}'));
    page.progress({ done: 1, total: 3, counts: counts({ ok: 1 }), confirming: 1 });
    await screen.findByText('Checking links: 1 of 3 addresses (33%)');
    // A running check counts addresses, and says so.
    expect([...screen.getByTestId('links-progress').querySelectorAll('[data-class]')].map((li) => li.textContent)).toEqual([
      'Working: 1 address',
      'Moved for good: 0 addresses',
      'Moved temporarily: 0 addresses',
      'Gone: 0 addresses',
      'Server trouble: 0 addresses',
      'Unreachable: 0 addresses',
    ]);
    expect(screen.getByTestId('links-progress').textContent).toContain('1 address is checked a second time later.');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(page.log).toContain('links.pause');
    await screen.findByText('Paused.');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(page.log).toContain('links.start {"mode":"resume"}');
    await waitFor(() => expect(screen.queryByText('Paused.')).toBeNull());
    page.finish({ checked: 3, counts: counts({ ok: 3 }), withoutAccess: 0 });
    await screen.findByText('Check finished: 3 addresses checked.');
  });

  it('a check running in the background when the view opens shows its progress, goes on to its end, and leaving the view stops nothing', async () => {
    const running: CheckStatus = { state: 'running', run: { done: 5, total: 17, counts: counts({ ok: 5 }), confirming: 0, id: 'bg', finishedAt: null, error: null } };
    const page = scripted({ ...fresh, hostsWithoutAccess: [] }, [], undefined, running);
    await screen.findByText('Checking links: 5 of 17 addresses (29%)');
    expect(screen.queryByRole('button', { name: 'Check links' })).toBeNull();
    page.progress({ done: 9, total: 17, counts: counts({ ok: 9 }), confirming: 0 });
    await screen.findByText('Checking links: 9 of 17 addresses (53%)');
    page.finish({ checked: 17, counts: counts({ ok: 17 }), withoutAccess: 0 });
    await screen.findByText('Check finished: 17 addresses checked.');
    cleanup();
    expect(page.log.filter((l) => l.startsWith('links.cancel') || l.startsWith('links.pause'))).toEqual([]);
  });

  it('shows each class with its bookmarks as text, and offers to resume an unfinished run', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    scripted(
      {
        ...fresh,
        hostsWithoutAccess: [],
        counts: counts({ ok: 1, gone: 1, moved: 1 }),
        checkedBetween: { from: 1, to: 2 },
        run: { id: 'r', startedAt: 1, finishedAt: null, total: 10, done: 4 },
      },
      [
        {
          id: '1',
          title: hostile,
          url: 'https://a.example/old',
          path: [],
          class: 'gone',
          skip: null,
          status: 404,
          finalUrl: null,
          failure: null,
          checks: 2,
          checkedAt: 2,
        },
        {
          id: '2',
          title: 'Moved',
          url: 'http://b.example/',
          path: [],
          class: 'moved',
          skip: null,
          status: 200,
          finalUrl: 'https://b.example/',
          failure: null,
          checks: 1,
          checkedAt: 2,
        },
        {
          id: '3',
          title: 'Bookmarklet',
          url: 'javascript:void(0)',
          path: [],
          class: null,
          skip: 'not-web',
          status: null,
          finalUrl: null,
          failure: null,
          checks: 0,
          checkedAt: null,
        },
      ],
    );
    await screen.findByTestId('links-interrupted');
    expect(screen.getByTestId('links-interrupted').textContent).toBe('A check stopped before it finished: 4 of 10 addresses checked.');
    // Resuming is the first thing offered, and the one made prominent.
    const [resume] = within(screen.getByTestId('links-summary')).getAllByRole('button');
    expect([resume!.textContent, resume!.className]).toEqual(['Resume the check', 'primary']);
    // Each class: its heading, then each bookmark's title (as text), address, new address and what the check found.
    const shown = (cls: string) => {
      const section = screen.getByTestId(`links-section-${cls}`);
      return [
        section.querySelector('h3')?.textContent,
        ...within(section)
          .getAllByTestId('links-item')
          .map((item) => [...item.querySelectorAll('.tagged-what > span')].map((part) => part.textContent)),
      ];
    };
    expect(shown('gone')).toEqual(['Gone (1 bookmark)', [hostile, 'https://a.example/old', expect.stringMatching(/^HTTP 404 · checked twice · checked \S/)]]);
    expect(shown('moved')).toEqual([
      'Moved for good (1 bookmark)',
      ['Moved', 'http://b.example/', 'now at https://b.example/', expect.stringMatching(/^HTTP 200 · checked \S/)],
    ]);
    expect(document.querySelector('img')).toBeNull();
    const never = screen.getByTestId('links-skipped');
    expect(never.querySelector('summary')?.textContent).toBe('1 bookmark is never checked');
    expect(
      within(never)
        .getAllByTestId('links-skipped-item')
        .map((item) => item.getAttribute('data-url')),
    ).toEqual(['javascript:void(0)']);
  });

  it('before a check: what can be checked and what is not checked yet are the same bookmarks, in the same words as the list', async () => {
    const notYet = (id: string, skip: 'no-access' | 'not-checked'): LinkItem => ({
      id,
      title: `Page ${id}`,
      url: `https://a.example/${id}`,
      path: [],
      class: null,
      skip,
      status: null,
      finalUrl: null,
      failure: null,
      checks: 0,
      checkedAt: null,
    });
    scripted(fresh, [
      notYet('1', 'no-access'),
      notYet('2', 'no-access'),
      notYet('3', 'no-access'),
      { ...notYet('4', 'no-access'), url: 'javascript:void(0)', skip: 'not-web' },
    ]);
    expect((await screen.findByTestId('links-checkable')).textContent).toBe('3 bookmarks can be checked.');
    expect(screen.getByTestId('links-not-checked').textContent).toBe('3 of these bookmarks are not checked yet.');
    expect(screen.getByTestId('links-never-checked').textContent).toBe('1 bookmark is never checked: a check does not fetch it.');
    expect(screen.getByTestId('links-not-checked-list').querySelector('summary')!.textContent).toBe('3 bookmarks are not checked yet');
    expect(screen.getByTestId('links-skipped').querySelector('summary')!.textContent).toBe('1 bookmark is never checked');
    expect(screen.getByTestId('links-not-checked-list').textContent).toContain('no access to this site is allowed yet');
  });

  it('results in bookmarks, with their addresses when they differ', async () => {
    scripted({ ...fresh, counts: counts({ unreachable: 25, gone: 2 }), addressCounts: counts({ unreachable: 17, gone: 2 }), checkedBetween: { from: 1, to: 2 } }, []);
    await screen.findByTestId('links-counts');
    const shown = [...screen.getByTestId('links-counts').querySelectorAll('li')].map((li) => li.textContent);
    expect(shown).toContain('Unreachable: 25 bookmarks (17 addresses)');
    expect(shown).toContain('Gone: 2 bookmarks');
  });

  it('the permission notice goes once the sites are allowed, wherever they were allowed (permissions.onAdded)', async () => {
    const permissions = { onAdded: new PermissionEvent(), onRemoved: new PermissionEvent() };
    const page = scripted(fresh, [], permissions);
    expect((await screen.findByTestId('links-access-needed')).textContent).toBe('2 sites need your permission: Firefox asks when you start the check.');
    page.current.overview = { ...fresh, hostsWithoutAccess: [] };
    permissions.onAdded.fire();
    await waitFor(() => expect(screen.queryByTestId('links-access-needed')).toBeNull());
    page.current.overview = { ...fresh, hostsWithoutAccess: ['b.example'] };
    permissions.onRemoved.fire();
    expect((await screen.findByTestId('links-access-needed')).textContent).toBe('1 site needs your permission: Firefox asks when you start the check.');
    cleanup();
    expect([permissions.onAdded.count, permissions.onRemoved.count]).toEqual([0, 0]);
  });

  it('says so when no site was allowed', async () => {
    const page = scripted(fresh, []);
    page.refuseStart(new RemoteError('forbidden', 'No site has been granted to Tidymarks: allow access to check links.'));
    fireEvent.click(await screen.findByRole('button', { name: 'Check links' }));
    await waitFor(() => expect(page.log).toContain('links.start {"mode":"stale"}'));
    expect((await screen.findByRole('alert')).textContent).toContain('No site was allowed: nothing was checked.');
  });
});
