import { t } from '../i18n';

/**
 * Hash routing of the options page: #bookmarks (the organizer), #duplicates, #tags, #link-health, #import-export,
 * #backups (Firefox's own backups), #settings; ?url= focuses a URL's group.
 */

export const VIEWS = [
  { id: 'bookmarks' },
  { id: 'duplicates' },
  { id: 'tags' },
  { id: 'link-health' },
  { id: 'import-export' },
  { id: 'backups' },
  { id: 'settings' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

/** The tab's name for people. */
export function viewLabel(id: ViewId): string {
  if (id === 'bookmarks') return t('organizerTab');
  if (id === 'duplicates') return t('optionsViewDuplicates');
  if (id === 'tags') return t('optionsViewTags');
  if (id === 'link-health') return t('linksTab');
  if (id === 'import-export') return t('optionsViewImportExport');
  if (id === 'backups') return t('optionsViewBackups');
  return t('optionsViewSettings');
}

export function viewFromHash(hash: string): ViewId {
  const id = hash.replace(/^#/, '');
  return (VIEWS.find((v) => v.id === id)?.id ?? 'duplicates') as ViewId;
}

/** The URL the popup asked to focus (options/index.html?url=<encoded>#duplicates), or null. */
export function focusUrlFromSearch(search: string): string | null {
  const url = new URLSearchParams(search).get('url');
  return url && url.length <= 65536 ? url : null;
}
