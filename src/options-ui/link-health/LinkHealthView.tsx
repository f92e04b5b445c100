/**
 * The Link health view: what a check does before it does anything, the check itself (host access asked from the
 * click, progress with counts per class, pause, cancel, resume after the page or Firefox went away), the results by
 * class, and their fixes (LinkFixes.tsx: select, preview, confirm, undo). Titles and URLs are shown as text only.
 */
import { useEffect, useState } from 'preact/hooks';
import { formatDate, formatNumber, plural, t, type MessageId } from '../../i18n';
import { RemoteError } from '../../messaging/errors';
import { originsFor } from '../../link-health';
import type { LinkItem, LinksOverview } from '../../link-health/protocol';
import { CLASS_LABEL, FAILURE_LABEL } from '../../link-health';
import type { LinkClass, SkipReason } from '../../link-health/types';
import { useBookmarkChanges } from '../bookmark-changes';
import { errorMessage, useClient } from '../client-context';
import { showBidiControls, Untrusted, UntrustedCode } from '../../ui';
import { ClassSelect, classSelectLabel, ItemSelect, useLinkFixes, type Selection } from './LinkFixes';
import { useLinkCheck, type LinkCheck } from './use-link-check';
import { WaybackRescue } from './WaybackRescue';
import { DEAD_CLASSES } from '../../link-health';

/** One of Firefox's permission events (permissions.onAdded, onRemoved). */
interface PermissionEvent {
  addListener(listener: () => void): void;
  removeListener(listener: () => void): void;
}

/** What the view needs of `browser.permissions`: the entry passes Firefox's own (the request must come from a click). */
export interface HostAccess {
  request(permissions: { origins: string[] }): Promise<boolean>;
  /** A site allowed or taken back, here or anywhere else (about:addons): the figures are read again. */
  onAdded?: PermissionEvent;
  onRemoved?: PermissionEvent;
}

const SKIP_LABEL: Record<SkipReason, MessageId> = {
  'not-web': 'linksSkipNotWeb',
  'private-host': 'linksSkipPrivate',
  'invalid-url': 'linksSkipInvalid',
  'no-access': 'linksSkipNoAccess',
  'not-checked': 'linksSkipNotChecked',
};
/** Not checked yet (a check may fetch them); the other reasons say a check never fetches the bookmark. */
const NOT_YET: ReadonlySet<SkipReason> = new Set(['no-access', 'not-checked']);

const bookmarks = (n: number) => plural('linksBookmarkCount', n);
const addresses = (n: number) => plural('linksAddressCount', n);
/** The sections of results; `fixable` ones can be selected (moved: updated; dead: removed or moved to a folder). */
const SECTIONS: { cls: LinkClass; help: MessageId; fixable: boolean }[] = [
  { cls: 'moved', help: 'linksMovedHelp', fixable: true },
  { cls: 'gone', help: 'linksGoneHelp', fixable: true },
  { cls: 'server-error', help: 'linksDownHelp', fixable: true },
  { cls: 'unreachable', help: 'linksDownHelp', fixable: true },
  { cls: 'redirected', help: 'linksRedirectedHelp', fixable: false },
];
const SHOWN_CLASSES: LinkClass[] = ['ok', 'moved', 'redirected', 'gone', 'server-error', 'unreachable'];

export function LinkHealthView({ hostAccess }: { hostAccess?: HostAccess }) {
  const client = useClient();
  const [overview, setOverview] = useState<LinksOverview | null>(null);
  const [items, setItems] = useState<LinkItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const fixes = useLinkFixes(items, () => setReloads((n) => n + 1));
  // The figures follow bookmark changes (whoever makes them) and sites allowed or taken back, while the view is shown.
  const changes = useBookmarkChanges(client);
  useEffect(() => {
    const again = () => setReloads((n) => n + 1);
    hostAccess?.onAdded?.addListener(again);
    hostAccess?.onRemoved?.addListener(again);
    return () => {
      hostAccess?.onAdded?.removeListener(again);
      hostAccess?.onRemoved?.removeListener(again);
    };
  }, [hostAccess]);

  useEffect(() => {
    let live = true;
    Promise.all([client.call('links.overview', {}), client.call('links.results', {})])
      .then(([o, r]) => {
        if (!live) return;
        setOverview(o);
        setItems(r.items);
      })
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [client, reloads, changes]);
  // The check runs in the background: the view shows it, and leaving the view leaves it running.
  const check = useLinkCheck(client, {
    ended: (how) => {
      if (how.kind === 'finished') setNotice(plural('linksFinished', how.checked));
      else setError(how.kind === 'cancelled' ? t('linksCancelled') : how.message);
      setReloads((n) => n + 1);
    },
    error: (e) => setError(jobError(e)),
  });
  const running = check.current;

  const runJob = (mode: 'stale' | 'all' | 'resume') => {
    setError(null);
    setNotice(null);
    void check.start(mode);
  };

  /** Asks for the sites not granted yet (inside the click, as Firefox requires), then checks what it may. */
  const start = (mode: 'stale' | 'all') => {
    if (!overview) return;
    const origins = originsFor(overview.hostsWithoutAccess);
    if (!origins.length) return runJob(mode);
    if (!hostAccess) return setError(t('linksNoPermissionApi'));
    // Refused or not, the check runs on the sites granted so far (the job refuses when there are none).
    hostAccess.request({ origins }).then(
      () => runJob(mode),
      (e: unknown) => setError(errorMessage(e)),
    );
  };

  const forget = () => {
    client
      .call('links.forget', {})
      .then(() => setReloads((n) => n + 1))
      .catch((e: unknown) => setError(errorMessage(e)));
  };

  const unfinished = overview?.run && overview.run.finishedAt === null ? overview.run : null;
  const checkedBefore = overview?.checkedBetween != null;
  return (
    <section aria-labelledby="links-heading" class="link-health">
      <h2 id="links-heading">{t('linksHeading')}</h2>
      <p>{t('linksIntro')}</p>
      <p class="muted">{t('linksNeverFetched')}</p>
      <p class="muted" data-testid="links-https-only-note">
        {t('linksHttpsOnlyNote')}
      </p>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" data-testid="links-notice">
          {notice}
        </p>
      )}
      {!overview && !error && <p class="muted">{t('linksLoading')}</p>}
      {overview && (
        <div class="summary-card" data-testid="links-summary">
          <p data-testid="links-checkable">{plural('linksCheckable', overview.checkable)}</p>
          {overview.notChecked > 0 && <p data-testid="links-not-checked">{plural('linksNotCheckedYet', overview.notChecked)}</p>}
          {never(overview) > 0 && (
            <p class="muted" data-testid="links-never-checked">
              {plural('linksNeverChecked', never(overview))}
            </p>
          )}
          {overview.hostsWithoutAccess.length > 0 && (
            <p class="muted" data-testid="links-access-needed">
              {plural('linksAccessNeeded', overview.hostsWithoutAccess.length)}
            </p>
          )}
          {overview.checkedBetween && <p class="muted">{t('linksLastChecked', formatDate(overview.checkedBetween.to, { dateStyle: 'medium', timeStyle: 'short' }))}</p>}
          {checkedBefore && <ClassCounts counts={overview.counts} addressCounts={overview.addressCounts} />}
          {unfinished && !running && <p data-testid="links-interrupted">{t('linksInterrupted', formatNumber(unfinished.done), formatNumber(unfinished.total))}</p>}
          {!running && (
            <div class="actions">
              {unfinished && (
                <button type="button" class="primary" onClick={() => runJob('resume')}>
                  {t('linksResume')}
                </button>
              )}
              <button type="button" class={unfinished ? '' : 'primary'} disabled={overview.checkable === 0} onClick={() => start('stale')}>
                {checkedBefore ? t('linksRecheckStale') : t('linksStart')}
              </button>
              {checkedBefore && (
                <button type="button" onClick={() => start('all')}>
                  {t('linksRecheckAll')}
                </button>
              )}
              {checkedBefore && (
                <button type="button" class="link" onClick={forget}>
                  {t('linksForget')}
                </button>
              )}
            </div>
          )}
          {running && <CheckRunning running={running} onPause={check.togglePause} onCancel={check.cancel} />}
        </div>
      )}
      {items && !running && (
        <>
          {fixes.bar}
          {fixes.status}
          <Results items={items} checked={checkedBefore} selection={fixes.selection} />
          <WaybackRescue dead={items.filter((i) => i.class !== null && DEAD_CLASSES.has(i.class))} hostAccess={hostAccess} onChanged={() => setReloads((n) => n + 1)} />
        </>
      )}
    </section>
  );
}

function jobError(e: unknown): string {
  if (e instanceof RemoteError && e.code === 'cancelled') return t('linksCancelled');
  if (e instanceof RemoteError && e.code === 'forbidden') return t('linksAccessDenied');
  return errorMessage(e);
}

const never = (o: LinksOverview) => o.skipped['not-web'] + o.skipped['private-host'] + o.skipped['invalid-url'];

/**
 * Results per class, each figure with its unit: in bookmarks, with the addresses beside when they differ (the
 * summary), or in addresses only (a running check, which checks addresses).
 */
function ClassCounts({ counts, addressCounts }: { counts?: Record<LinkClass, number>; addressCounts: Record<LinkClass, number> }) {
  const figure = (cls: LinkClass) => {
    if (!counts) return t('linksCount', t(CLASS_LABEL[cls]), addresses(addressCounts[cls]));
    if (counts[cls] === addressCounts[cls]) return t('linksCount', t(CLASS_LABEL[cls]), bookmarks(counts[cls]));
    return t('linksCountBoth', t(CLASS_LABEL[cls]), bookmarks(counts[cls]), addresses(addressCounts[cls]));
  };
  return (
    <ul class="plain-list link-counts" data-testid="links-counts">
      {SHOWN_CLASSES.map((cls) => (
        <li key={cls} data-class={cls}>
          {figure(cls)}
        </li>
      ))}
    </ul>
  );
}

function CheckRunning({ running, onPause, onCancel }: { running: NonNullable<LinkCheck['current']>; onPause(): void; onCancel(): void }) {
  const p = running.status?.run ?? null;
  const percent = p && p.total > 0 ? Math.round((p.done / p.total) * 100) : 0;
  return (
    <div data-testid="links-progress" aria-live="polite">
      <label class="progress">
        <span>{p ? t('linksProgress', formatNumber(p.done), formatNumber(p.total), formatNumber(percent)) : t('linksStarting')}</span>
        {p && p.total > 0 ? <progress max={p.total} value={p.done} /> : <progress />}
      </label>
      {p && p.confirming > 0 && <p class="muted">{plural('linksConfirming', p.confirming)}</p>}
      {p && <ClassCounts addressCounts={p.counts} />}
      {running.paused && <p>{t('linksPaused')}</p>}
      <div class="actions">
        <button type="button" onClick={onPause}>
          {running.paused ? t('linksContinue') : t('linksPause')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('linksCancel')}
        </button>
      </div>
    </div>
  );
}

function describe(item: LinkItem): string {
  const parts: string[] = [];
  if (item.failure) parts.push(t(FAILURE_LABEL[item.failure]));
  else if (item.status !== null) parts.push(t('linksStatusHttp', String(item.status)));
  if (item.checks > 1) parts.push(t('linksCheckedTwice'));
  if (item.checkedAt !== null) parts.push(t('linksCheckedAt', formatDate(item.checkedAt, { dateStyle: 'medium', timeStyle: 'short' })));
  return parts.join(' · ');
}

function Results({ items, checked, selection }: { items: LinkItem[]; checked: boolean; selection: Selection }) {
  const byClass = new Map<LinkClass, LinkItem[]>();
  const notYet: LinkItem[] = [];
  const neverChecked: LinkItem[] = [];
  for (const item of items) {
    if (item.class) byClass.set(item.class, [...(byClass.get(item.class) ?? []), item]);
    else if (NOT_YET.has(item.skip!)) notYet.push(item);
    else neverChecked.push(item);
  }
  const problems = SECTIONS.filter((s) => byClass.get(s.cls)?.length);
  return (
    <div data-testid="links-results">
      {checked && problems.length === 0 && <p>{t('linksNothingFound')}</p>}
      {problems.map(({ cls, help, fixable }) => {
        const list = byClass.get(cls)!;
        return (
          <section key={cls} aria-labelledby={`links-${cls}`} data-testid={`links-section-${cls}`}>
            <h3 id={`links-${cls}`}>{t('linksSectionHeading', t(CLASS_LABEL[cls]), bookmarks(list.length))}</h3>
            <p class="muted">{t(help)}</p>
            {fixable && <ClassSelect items={list} selection={selection} label={classSelectLabel(t(CLASS_LABEL[cls]), list.length)} />}
            <ul class="plain-list">
              {list.map((item) => (
                <li key={item.id} data-testid="links-item" data-url={item.url}>
                  {fixable && <ItemSelect item={item} selection={selection} />}
                  <span class="tagged-what">
                    <span>{item.title ? <Untrusted>{item.title}</Untrusted> : <UntrustedCode text={item.url} />}</span>
                    <span class="tagged-url">
                      <UntrustedCode text={item.url} />
                    </span>
                    {item.finalUrl && (
                      <span class="tagged-url">
                        <Untrusted>{t(item.overHttps ? 'linksWorksOverHttps' : 'linksNowAt', showBidiControls(item.finalUrl))}</Untrusted>
                      </span>
                    )}
                    <span class="muted">{describe(item)}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <Unchecked items={notYet} heading={plural('linksNotCheckedHeading', notYet.length)} testId="links-not-checked-list" />
      <Unchecked items={neverChecked} heading={plural('linksSkippedHeading', neverChecked.length)} testId="links-skipped" />
    </div>
  );
}

/** Bookmarks without a result (not checked yet, or never checked), folded, each with why. */
function Unchecked({ items, heading, testId }: { items: LinkItem[]; heading: string; testId: string }) {
  if (!items.length) return null;
  return (
    <details data-testid={testId}>
      <summary>{heading}</summary>
      <ul class="plain-list">
        {items.map((item) => (
          <li key={item.id} data-testid="links-skipped-item" data-url={item.url}>
            <span class="tagged-what">
              <span>{item.title ? <Untrusted>{item.title}</Untrusted> : <UntrustedCode text={item.url} />}</span>
              <span class="tagged-url">
                <UntrustedCode text={item.url} />
              </span>
              <span class="muted">{t(SKIP_LABEL[item.skip!])}</span>
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
