import { t } from '../i18n';

/** Hash routing of the options page: #bookmarks (the organizer), #duplicates, #tags, #import-export, #settings; ?url= focuses a URL's group. */

export const VIEWS = [
  {
    id: 'bookmarks',
    // Read when the tabs render: this module loads before the entry installs the messages.
    get label(): string {
      return t('organizerTab');
    },
  },
  { id: 'duplicates', label: 'Duplicates' },
  { id: 'tags', label: 'Tags' },
  { id: 'import-export', label: 'Import / Export' },
  { id: 'settings', label: 'Settings' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

export function viewFromHash(hash: string): ViewId {
  const id = hash.replace(/^#/, '');
  return (VIEWS.find((v) => v.id === id)?.id ?? 'duplicates') as ViewId;
}

/** The URL the popup asked to focus (options/index.html?url=<encoded>#duplicates), or null. */
export function focusUrlFromSearch(search: string): string | null {
  const url = new URLSearchParams(search).get('url');
  return url && url.length <= 65536 ? url : null;
}
