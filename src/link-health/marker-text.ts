/**
 * Link health in words, shared by the pages (the Link health view, the Duplicates page, the popup): each class's name,
 * why a request got no answer, and a marker's sentence ("Gone (404), checked twice on 3 Jan 2027", "Moved for good to
 * https://…"). Small on purpose: the popup loads it.
 */
import { formatDate, t, type MessageId } from '../i18n';
import type { LinkMarker } from './marker';
import type { FailureKind, LinkClass } from './types';

export const CLASS_LABEL: Record<LinkClass, MessageId> = {
  ok: 'linksClassOk',
  moved: 'linksClassMoved',
  redirected: 'linksClassRedirected',
  gone: 'linksClassGone',
  'server-error': 'linksClassServerError',
  unreachable: 'linksClassUnreachable',
};

export const FAILURE_LABEL: Record<FailureKind, MessageId> = {
  timeout: 'linksFailureTimeout',
  dns: 'linksFailureDns',
  refused: 'linksFailureRefused',
  tls: 'linksFailureTls',
  network: 'linksFailureNetwork',
};

/** The marker's class in a word or two ("Gone", "Moved for good", "Works over https only"). */
export const markerLabel = (marker: LinkMarker): string => t(marker.overHttps ? 'linksClassOverHttps' : CLASS_LABEL[marker.class]);

/** The marker as a sentence: what the check found, and when. */
export function markerText(marker: LinkMarker): string {
  const when = formatDate(marker.checkedAt, { dateStyle: 'medium' });
  if (marker.class === 'moved') return t(marker.overHttps ? 'linksMarkerOverHttps' : 'linksMarkerMoved', marker.finalUrl ?? '', when);
  const why = marker.failure ? t(FAILURE_LABEL[marker.failure]) : String(marker.status ?? '');
  return t(marker.checks > 1 ? 'linksMarkerDeadTwice' : 'linksMarkerDeadOnce', markerLabel(marker), why, when);
}
