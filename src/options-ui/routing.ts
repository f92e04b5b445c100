/**
 * Hash routing of the options page: #duplicates, #tags, #link-health, #import-export, #settings; ?url= focuses a
 * URL's group. A view with `labelId` names its tab through i18n.
 */
import type { MessageId } from '../i18n';

export const VIEWS = [
  { id: 'duplicates', label: 'Duplicates' },
  { id: 'tags', label: 'Tags' },
  { id: 'link-health', label: 'Link health', labelId: 'linksTab' as MessageId },
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
