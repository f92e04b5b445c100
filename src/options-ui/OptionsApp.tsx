/**
 * The options page: a header with the bookmark count, tabs for the views with hash routing (#bookmarks, #duplicates,
 * #tags, #link-health, #import-export, #backups, #settings). Tabs follow the WAI-ARIA tabs pattern (arrow keys, Home/End).
 * Each view's code is a chunk of its own (views.tsx).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Client } from '../app-protocol';
import { useBookmarkChanges } from './bookmark-changes';
import { ClientContext, errorMessage, SCAN_SHOWN, scanShown } from './client-context';
import { plural, t } from '../i18n';
import { focusUrlFromSearch, viewLabel, VIEWS, viewFromHash, type ViewId } from './routing';
import type { HostAccess } from './link-health/LinkHealthView';
import { LazyView } from './views';

/**
 * The number of bookmarks, counted again after every burst of bookmark changes, whoever made them (bookmark-changes.ts).
 * Opened on the Duplicates page, it waits for that page's first scan: both read the whole tree from Places, and the
 * list comes first.
 */
function BookmarkCount({ client, afterScan }: { client: Client; afterScan: boolean }) {
  const [count, setCount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const changes = useBookmarkChanges(client);
  const [waiting, setWaiting] = useState(afterScan && !scanShown());
  useEffect(() => {
    if (!waiting) return;
    const onScan = () => setWaiting(false);
    addEventListener(SCAN_SHOWN, onScan);
    if (scanShown()) setWaiting(false); // settled before this listener was added
    return () => removeEventListener(SCAN_SHOWN, onScan);
  }, []);
  useEffect(() => {
    if (waiting) return;
    let live = true;
    client
      .call('core.countBookmarks', {})
      .then((c) => {
        if (!live) return;
        setError(null);
        setCount(c.bookmarks);
      })
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [client, changes, waiting]);
  if (error) return <p role="alert">{error}</p>;
  return (
    // A new element for each count, not new text in the old one: puppeteer's ::-p-text caches an element's text and
    // missed a text node changed in place (the e2e smoke test waits for it).
    <p class="muted" data-testid="bookmark-count" key={count ?? 'counting'}>
      {count === null ? t('optionsCounting') : plural('optionsBookmarkCount', count)}
    </p>
  );
}

export function OptionsApp({ client, hostAccess }: { client: Client; hostAccess?: HostAccess }) {
  const [view, setView] = useState<ViewId>(() => viewFromHash(location.hash));
  const focusUrl = useRef(focusUrlFromSearch(location.search));
  const openedOnDuplicates = useRef(view === 'duplicates');
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);
  useEffect(() => {
    const onHash = () => setView(viewFromHash(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  const go = (id: ViewId, focus = false) => {
    if (location.hash !== `#${id}`) history.replaceState(null, '', `#${id}`);
    setView(id);
    if (focus) tabs.current[VIEWS.findIndex((v) => v.id === id)]?.focus();
  };
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const last = VIEWS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    go(VIEWS[next]!.id, true);
  };
  return (
    <ClientContext.Provider value={client}>
      <header class="app-header">
        <h1>{t('extensionName')}</h1>
        <BookmarkCount client={client} afterScan={openedOnDuplicates.current} />
      </header>
      <nav>
        <div role="tablist" aria-label={t('optionsViews')} class="tabs">
          {VIEWS.map((v, i) => (
            <a
              key={v.id}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              role="tab"
              id={`tab-${v.id}`}
              href={`#${v.id}`}
              aria-selected={view === v.id}
              aria-controls={`panel-${v.id}`}
              tabIndex={view === v.id ? 0 : -1}
              onClick={(e) => {
                e.preventDefault();
                go(v.id);
              }}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {viewLabel(v.id)}
            </a>
          ))}
        </div>
      </nav>
      <main role="tabpanel" id={`panel-${view}`} aria-labelledby={`tab-${view}`} tabIndex={-1}>
        <LazyView key={view} id={view} client={client} focusUrl={focusUrl.current} hostAccess={hostAccess} />
      </main>
    </ClientContext.Provider>
  );
}
