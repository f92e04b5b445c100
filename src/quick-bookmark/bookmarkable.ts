/**
 * Which pages the quick-bookmark command and menus refuse: Firefox's own pages, extension pages, a blank tab, and
 * URLs that are code or inline data rather than a page to come back to. A page in reader view is bookmarked under
 * its own URL. Pure; the reason is shown to the user.
 */
import { t } from '../i18n';

export type BookmarkableCheck = { ok: true; url: string } | { ok: false; reason: string };

const BLANK_PAGES = new Set(['about:blank', 'about:newtab', 'about:home', 'about:privatebrowsing']);

/** Refused schemes (lower case, with the colon) and why, in words a user understands. */
const REFUSED_SCHEMES: Record<string, () => string> = {
  'about:': () => t('refusedAbout'),
  'moz-extension:': () => t('refusedExtension'),
  'chrome:': () => t('refusedChrome'),
  'resource:': () => t('refusedResource'),
  'view-source:': () => t('refusedViewSource'),
  'data:': () => t('refusedData'),
  'javascript:': () => t('refusedJavascript'),
  'blob:': () => t('refusedBlob'),
};

/** Reader view shows another page at about:reader?url=<page>: like Firefox's own Ctrl+D, bookmark that page. */
function readerViewTarget(url: string): string | undefined {
  if (!/^about:reader\?/i.test(url)) return undefined;
  const inner = new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('url');
  return inner ?? undefined;
}

export function checkBookmarkable(rawUrl: string | undefined | null): BookmarkableCheck {
  const trimmed = (rawUrl ?? '').trim();
  const url = readerViewTarget(trimmed) ?? trimmed;
  if (url === '' || BLANK_PAGES.has(url.toLowerCase())) return { ok: false, reason: t('refusedBlank') };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: t('refusedInvalid') };
  }
  const refused = Object.hasOwn(REFUSED_SCHEMES, parsed.protocol) ? REFUSED_SCHEMES[parsed.protocol] : undefined;
  if (refused) return { ok: false, reason: refused() };
  return { ok: true, url };
}
