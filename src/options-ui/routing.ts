/** Hash routing of the options page: #duplicates, #tags, #import-export, #settings; ?url= focuses a URL's group. */

import { t } from '../i18n';

export const VIEWS = [{ id: 'duplicates' }, { id: 'tags' }, { id: 'import-export' }, { id: 'settings' }] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

/** The tab's name for people. */
export function viewLabel(id: ViewId): string {
  if (id === 'duplicates') return t('optionsViewDuplicates');
  if (id === 'tags') return t('optionsViewTags');
  if (id === 'import-export') return t('optionsViewImportExport');
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
