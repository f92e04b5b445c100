// SPDX-License-Identifier: MPL-2.0
/**
 * Firefox stores a bookmark's URL in its parsed form ('http://a.example' is kept as 'http://a.example/'): a URL given
 * to a write and the one read back afterwards are compared in that form.
 */
export function sameStoredUrl(url: string | null | undefined, stored: string | null | undefined): boolean {
  if (url === stored) return true;
  if (url == null || stored == null) return false;
  try {
    return new URL(url).href === stored || new URL(url).href === new URL(stored).href;
  } catch {
    return false;
  }
}
