/**
 * A bookmark's link-health marker (src/link-health/marker.ts): an icon and a word, with the whole sentence for screen
 * readers and as a tooltip ("Gone (404), checked twice on 3 Jan 2027", "Moved for good to https://…"). Shown by the
 * popup's results and current page, and by the Duplicates page's copy rows. The address a link moved to is
 * untrusted: isolated, its bidirectional controls shown, in the sentence screen readers read.
 */
import type { LinkMarker as Marker } from '../link-health';
import { markerLabel, markerText } from '../link-health';
import { UntrustedParts } from './Untrusted';

export function LinkMarker({ marker }: { marker: Marker }) {
  const sentence = markerText(marker);
  const kind = marker.class === 'moved' ? 'moved' : 'dead';
  return (
    <span class={`link-marker link-marker-${kind}`} title={sentence} data-testid="link-marker" data-class={marker.class}>
      <span class="link-marker-icon" aria-hidden="true">
        {kind === 'moved' ? '↪' : '⚠'}
      </span>
      <span aria-hidden="true">{markerLabel(marker)}</span>
      <span class="visually-hidden">
        {marker.class === 'moved' && marker.finalUrl ? (
          <UntrustedParts message={(url) => markerText({ ...marker, finalUrl: url })} parts={[marker.finalUrl]} code />
        ) : (
          sentence
        )}
      </span>
    </span>
  );
}
