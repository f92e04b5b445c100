/**
 * The Wayback rescue on the Link health view: for the dead bookmarks, a lookup of the Internet Archive's copy closest
 * to each one's original date added (archive.org asked for from the click that starts the first lookup; nothing is
 * sent before), with progress and Cancel; the lookup runs in the background (use-wayback-lookup.ts): it goes on when
 * the view is left or the page closed, and the view opened again shows it. Then each bookmark with its copy's date
 * and a link to it, and the choice per bookmark or for all: replace the address with the copy, add the copy beside
 * it, or leave it. A change is one operation of the history, with Undo and then Redo here.
 */
import { useEffect, useState } from 'preact/hooks';
import { formatDate, formatNumber, plural, t } from '../../i18n';
import type { LinkItem, RescueAction, RescueResult, WaybackItem, WaybackOverview } from '../../link-health/protocol';
import type { HistoryResult } from '../../operation-history';
import { errorMessage, useClient } from '../client-context';
import { showBidiControls, Untrusted, UntrustedCode } from '../../ui';
import { useWaybackLookup } from './use-wayback-lookup';

/** What the rescue needs of `browser.permissions` (the view's HostAccess): the request comes from the click. */
interface HostAccess {
  request(permissions: { origins: string[] }): Promise<boolean>;
}

type Found = WaybackItem & { snapshot: { url: string; at: number } };
const hasCopy = (i: WaybackItem): i is Found => !!i.snapshot;

export function WaybackRescue({ dead, hostAccess, onChanged }: { dead: readonly LinkItem[]; hostAccess?: HostAccess; onChanged(): void }) {
  const client = useClient();
  const [overview, setOverview] = useState<WaybackOverview | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RescueResult | null>(null);
  const [undo, setUndo] = useState<{ redo: boolean; result: HistoryResult } | null>(null);
  /** A lookup just ended: what it found is being read. */
  const [settling, setSettling] = useState(false);
  const deadKey = dead.map((d) => `${d.id} ${d.url}`).join('\n');

  useEffect(() => {
    let live = true;
    client
      .call('links.wayback.overview', {})
      .then((o) => live && setOverview(o))
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [client, deadKey]);
  // The lookup runs in the background: leaving the view leaves it running, and the view shows it when it opens.
  const lookup = useWaybackLookup(client, dead.length > 0, {
    // What it found is read first (its buttons wait for it), so that the end is said with the copies shown.
    ended: (how) => {
      setSettling(true);
      void client
        .call('links.wayback.overview', {})
        .then(
          (o) => {
            setOverview(o);
            if (how.kind === 'finished') setNotice(t('waybackLookupDone', formatNumber(how.run.found), formatNumber(how.run.none), formatNumber(how.run.failed)));
            else setError(how.kind === 'cancelled' ? t('waybackCancelled') : how.message);
          },
          (e: unknown) => setError(errorMessage(e)),
        )
        .finally(() => setSettling(false));
    },
    error: (e) => setError(errorMessage(e)),
  });

  if (!dead.length || !overview) return null;
  const titles = new Map(dead.map((d) => [d.id, d.title]));
  const notLookedUp = overview.items.filter((i) => i.snapshot === undefined);
  const found = overview.items.filter(hasCopy);

  const runLookup = () => {
    setError(null);
    setNotice(null);
    void lookup.start();
  };
  /** Asks for archive.org inside the click (as Firefox requires); granted before, Firefox answers at once. */
  const start = () => {
    if (!hostAccess) return setError(t('linksNoPermissionApi'));
    hostAccess.request({ origins: [overview.origin] }).then(runLookup, (e: unknown) => setError(errorMessage(e)));
  };

  const rescue = (action: RescueAction, items: readonly Found[]) => {
    if (!items.length) return;
    setError(null);
    setResult(null);
    setUndo(null);
    setBusy(true);
    client
      .startJob('links.wayback.rescue', { action, items: items.map((i) => ({ id: i.id, url: i.url, snapshot: i.snapshot.url })) })
      .result.then(setResult, (e: unknown) => setError(errorMessage(e)))
      .finally(() => {
        setBusy(false);
        onChanged();
      });
  };

  const takeBack = (redo: boolean) => {
    if (!result?.operationId) return;
    setBusy(true);
    client
      .startJob(redo ? 'history.redo' : 'history.undo', { sessionId: result.operationId })
      .result.then(
        (r) => setUndo({ redo, result: r }),
        (e: unknown) => setError(errorMessage(e)),
      )
      .finally(() => {
        setBusy(false);
        onChanged();
      });
  };

  const running = lookup.current;
  const p = running?.status?.run;
  return (
    <section aria-labelledby="wayback-heading" data-testid="wayback" class="wayback">
      <h3 id="wayback-heading">{t('waybackHeading')}</h3>
      <p class="muted">{t('waybackIntro')}</p>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" data-testid="wayback-notice">
          {notice}
        </p>
      )}
      {running ? (
        <div data-testid="wayback-progress" aria-live="polite">
          <label class="progress">
            <span>{p ? t('waybackProgress', formatNumber(p.done), formatNumber(p.total), formatNumber(p.found)) : t('linksStarting')}</span>
            {p && p.total > 0 ? <progress max={p.total} value={p.done} /> : <progress />}
          </label>
          <button type="button" onClick={() => lookup.cancel()}>
            {t('linksCancel')}
          </button>
        </div>
      ) : (
        !settling && (
          <div class="actions">
            {notLookedUp.length > 0 && (
              <button type="button" data-testid="wayback-lookup" disabled={busy} onClick={start}>
                {plural('waybackLookUp', notLookedUp.length)}
              </button>
            )}
            {found.length > 1 && (
              <>
                <button type="button" data-testid="wayback-replace-all" disabled={busy} onClick={() => rescue('replace', found)}>
                  {plural('waybackReplaceAll', found.length)}
                </button>
                <button type="button" data-testid="wayback-add-all" disabled={busy} onClick={() => rescue('beside', found)}>
                  {plural('waybackAddAll', found.length)}
                </button>
              </>
            )}
          </div>
        )
      )}
      {result && (
        <div class="report" data-testid="wayback-result">
          <p role="status">{plural(result.action === 'replace' ? 'waybackReplaced' : 'waybackAdded', result.done)}</p>
          {result.leftAlone.length > 0 && <p>{plural('waybackLeftAlone', result.leftAlone.length)}</p>}
          {undo && (
            <p role="status" data-testid="wayback-undone">
              {undo.redo ? t('linksFixRedone') : t('linksFixUndone')}
            </p>
          )}
          {result.operationId && (
            <div class="actions">
              {undo && !undo.redo ? (
                <button type="button" disabled={busy} onClick={() => takeBack(true)}>
                  {t('linksRedoFix')}
                </button>
              ) : (
                <button type="button" disabled={busy} onClick={() => takeBack(false)}>
                  {t('linksUndoFix')}
                </button>
              )}
            </div>
          )}
        </div>
      )}
      {overview.items.some((i) => i.snapshot !== undefined) && (
        <ul class="plain-list" data-testid="wayback-list">
          {overview.items.map((item) => {
            const title = titles.get(item.id) ?? '';
            return (
              <li key={item.id} data-testid="wayback-item" data-url={item.url}>
                <span class="tagged-what">
                  <span>{title ? <Untrusted>{title}</Untrusted> : <UntrustedCode text={item.url} />}</span>
                  <span class="tagged-url">
                    <UntrustedCode text={item.url} />
                  </span>
                  {item.snapshot ? (
                    <span data-testid="wayback-copy">
                      {t('waybackArchivedOn', formatDate(item.snapshot.at, { dateStyle: 'medium', timeZone: 'UTC' }))}{' '}
                      <a href={item.snapshot.url} target="_blank" rel="noreferrer" title={showBidiControls(item.snapshot.url)}>
                        {t('waybackOpenCopy')}
                      </a>
                    </span>
                  ) : (
                    <span class="muted">{item.snapshot === null ? t('waybackNoCopy') : t('waybackNotLookedUp')}</span>
                  )}
                </span>
                {hasCopy(item) && (
                  <span class="actions">
                    <button type="button" disabled={busy || !!running} onClick={() => rescue('replace', [item])}>
                      {t('waybackReplace')}
                    </button>
                    <button type="button" disabled={busy || !!running} onClick={() => rescue('beside', [item])}>
                      {t('waybackAddBeside')}
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
