/**
 * A bookmark's archived copy (links.wayback.snapshots, issue 31), in the organizer's details and the popup's results
 * and current page: "Archived copy (May 3, 2019)", a link opening the snapshot in a new tab, in the tab order; for a
 * bookmark whose own address is the snapshot (after a "replace" rescue), the same words as a label: no href, so no
 * second link (an <a> without one is not focusable and reads as text). The words come with the reply (the capture's
 * date is the archive's, UTC, as the Link health view shows it): the popup formats no date for them. The address is
 * untrusted: it is only the link's target, and the background sends only web.archive.org snapshot addresses. A click
 * on the link is the link's alone (not the popup's result row under it).
 */
import type { BookmarkSnapshot } from '../link-health';

export function ArchivedCopy({ snapshot }: { snapshot: BookmarkSnapshot }) {
  return (
    <a class="archived-copy" href={snapshot.href} target="_blank" rel="noreferrer" onClick={(e) => e.stopPropagation()}>
      {snapshot.label}
    </a>
  );
}
