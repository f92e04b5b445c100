/**
 * For the Duplicates page's hook tests: a scan, its plan, the apply's result and the scan after it, made by the real
 * background on the fake (so they are what a page receives), and the wire form a stand-in's scan replies in (as the
 * real background replies: src/messaging/reply-forms.ts).
 */
import type { ComponentChildren } from 'preact';
import type { LastScan, ReviewedScan } from '../../../../src/dedup/protocol';
import { asJsonReply } from '../../../../src/messaging/router';
import { encodeScan } from '../../../../src/dedup/scan-wire';
import { bootPage } from '../../../kit/page';
import type { StandIn } from '../../../kit/stand-in';

/** A menu page with a copy in Other Bookmarks (one duplicate group), scanned, planned, applied, scanned again. */
export async function cleanupFixtures() {
  const bg = await bootPage();
  const b = bg.browser.bookmarks;
  await b.create({ parentId: 'menu________', title: 'Tart', url: 'https://recipes.example/tart' });
  await b.create({ parentId: 'unfiled_____', title: 'Tart copy', url: 'https://recipes.example/tart/' });
  const scan = await bg.client.startJob('dedup.scan', {}).result;
  const plan = await bg.client.call('dedup.plan', { scanId: scan.scanId });
  const applied = await bg.client.startJob('dedup.cleanup', plan).result;
  const after = await bg.client.startJob('dedup.scan', {}).result;
  return { scan, plan, applied, after };
}

/** A scan as a stand-in's 'dedup.scan' job replies it. */
export const scanReply = (scan: ReviewedScan) => asJsonReply<ReviewedScan>(encodeScan(scan));
/** The last scan as a stand-in's 'dedup.lastScan' replies it. */
export const lastScanReply = (scan: ReviewedScan) => asJsonReply<LastScan>(`{"scan":${encodeScan(scan)},"current":false}`);

/** renderHook's wrapper: the hook gets the stand-in's client from the options page's context. */
export const withClient =
  (bg: StandIn) =>
  ({ children }: { children?: ComponentChildren }) => <>{bg.wrap(children)}</>;
