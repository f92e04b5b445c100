/**
 * Keywords, the face of src/keywords: the keyword store (keyword-store.ts, IndexedDB tidymarks-keywords: one keyword
 * per address, as in Firefox) and keywords as it accepts them (keyword-name.ts). Keywords come in from a Firefox
 * backup (src/firefox-backups bring-in.ts), journaled as 'keyword' entries of the one history; the search index and
 * the organizer show and find them; a written Firefox backup carries them. README.md: the choices.
 */
export { openKeywordStore, type KeywordChange, type KeywordStore, type UrlKeyword } from './keyword-store';
export { keywordOrNull, normalizeKeyword, MAX_KEYWORD_LENGTH } from './keyword-name';
