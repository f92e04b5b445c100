/**
 * Which addresses the popup may open from a search result. Results are titles and URLs the user did not
 * necessarily write (imports, sync, history), so only plain web addresses are opened: http, https and ftp, plus
 * Tidymarks' own pages (the "Clean up copies" link). Everything else (javascript:, data:, file:, place:, about:...)
 * gets a clear message instead of Firefox's raw refusal, and nothing is opened.
 */
import { AppError, capQuoted } from '../messaging/errors';
import { t } from '../i18n';

const WEB_SCHEMES = new Set(['http:', 'https:', 'ftp:']);

/** Throws AppError('invalid-input') unless `url` is a web address or a page of this extension (`extensionOrigin`). */
export function assertOpenable(url: string, extensionOrigin: string): void {
  // Parsed the way Firefox parses it (spaces, tabs and control characters stripped), so "java\tscript:" is caught.
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('invalid-input', t('searchOpenNotAddress', capQuoted(url)));
  }
  if (WEB_SCHEMES.has(parsed.protocol)) return;
  if (extensionOrigin && parsed.href.startsWith(extensionOrigin)) return;
  throw new AppError('invalid-input', t('searchOpenScheme', parsed.protocol));
}
