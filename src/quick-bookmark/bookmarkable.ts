/**
 * Which pages the quick-bookmark command and menus refuse: Firefox's own pages, extension pages, a blank tab, and
 * URLs that are code or inline data rather than a page to come back to. A page in reader view is bookmarked under
 * its own URL. Pure; the reason is shown to the user.
 */

export type BookmarkableCheck = { ok: true; url: string } | { ok: false; reason: string };

const BLANK_PAGES = new Set(['about:blank', 'about:newtab', 'about:home', 'about:privatebrowsing']);

/** Refused schemes (lower case, with the colon) and why, in words a user understands. */
const REFUSED_SCHEMES: Record<string, string> = {
  'about:': 'Firefox’s own pages (about:…) cannot be bookmarked.',
  'moz-extension:': 'Pages of an extension cannot be bookmarked.',
  'chrome:': 'Firefox’s internal pages (chrome:…) cannot be bookmarked.',
  'resource:': 'Firefox’s internal files (resource:…) cannot be bookmarked.',
  'view-source:': 'A view-source page cannot be bookmarked; bookmark the page itself.',
  'data:': 'A data: URL holds the page itself, not an address to come back to.',
  'javascript:': 'A javascript: URL is code, not a page.',
  'blob:': 'A blob: URL only lives as long as the page that made it.',
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
  if (url === '' || BLANK_PAGES.has(url.toLowerCase())) return { ok: false, reason: 'A blank tab has nothing to bookmark.' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'This address is not a valid URL.' };
  }
  const refused = REFUSED_SCHEMES[parsed.protocol];
  if (refused) return { ok: false, reason: refused };
  return { ok: true, url };
}
