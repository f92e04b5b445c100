/** Small display helpers of the popup. */
import { plural, t } from '../i18n';

/** "example.org/path/page" without scheme, query and fragment; the URL itself when it has no host. */
export function hostAndPath(url: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]*)([^?#]*)/i.exec(url);
  if (!m) return url;
  const path = m[2] === '/' ? '' : m[2]!;
  return (m[1]! + path).replace(/^www\./i, '');
}

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** How the Ctrl key of shortcuts is written on this platform and in the UI's language (⌘ on macOS, Strg+ in German). */
export function modKey(): string {
  return IS_MAC ? '⌘' : t('popupCtrlKey');
}

export function visitsLabel(count: number): string {
  return plural('popupVisits', count);
}

/** The options page's duplicate view for one URL. */
export function duplicatesLink(url: string, base: string): string {
  return new URL(`../options/index.html?url=${encodeURIComponent(url)}#duplicates`, base).href;
}
