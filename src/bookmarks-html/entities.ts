/**
 * Escaping for the bookmarks.html writer. (Reading uses the `entities` package's full HTML table, see parse.ts.)
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '\r': '&#13;' };

/**
 * Escapes text for element content and double-quoted attribute values, as Firefox's exporter does (& < > " '),
 * plus CR, which HTML would otherwise read as a line feed.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'\r]/g, (c) => ESCAPES[c]!);
}

/** The characters String.prototype.trim removes (ECMAScript's WhiteSpace and LineTerminator). */
export function isJsSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

const reference = (text: string) => {
  let out = '';
  for (let i = 0; i < text.length; i++) out += `&#${text.charCodeAt(i)};`; // all of them are in the BMP
  return out;
};

/**
 * A bookmark title for element content: escaped, with whitespace at its start and end written as character
 * references. Firefox's importer trims a title; Tidymarks' importer trims only literal whitespace, so the title
 * comes back exactly (Firefox still trims it, as it does with its own exports).
 */
export function escapeBookmarkTitle(title: string): string {
  let start = 0;
  let end = title.length;
  while (start < end && isJsSpace(title.charCodeAt(start))) start++;
  while (end > start && isJsSpace(title.charCodeAt(end - 1))) end--;
  if (start === 0 && end === title.length) return escapeHtml(title);
  return reference(title.slice(0, start)) + escapeHtml(title.slice(start, end)) + reference(title.slice(end));
}
