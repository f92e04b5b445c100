/**
 * Keywords as the keyword store accepts them, as Firefox keeps them (PlacesUtils.keywords): trimmed and lower-cased,
 * non-empty, one word (the address bar takes the first word typed as the keyword), at most 1,000 characters. Pure
 * functions, no storage.
 */
import { AppError } from '../messaging/errors';
import { t } from '../i18n';

export const MAX_KEYWORD_LENGTH = 1000;

/** The keyword as stored (trimmed, lower-cased), or null when Firefox's address bar could not use it. */
export function keywordOrNull(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const keyword = raw.trim().toLowerCase();
  if (keyword === '' || keyword.length > MAX_KEYWORD_LENGTH || /\s/.test(keyword)) return null;
  return keyword;
}

/** The keyword as stored; throws an 'invalid-input' AppError with a clear message otherwise. */
export function normalizeKeyword(raw: unknown): string {
  const keyword = keywordOrNull(raw);
  if (keyword === null) throw new AppError('invalid-input', t('keywordInvalid', typeof raw === 'string' ? raw.trim().slice(0, 20) : ''));
  return keyword;
}
