/**
 * Replies that travel in a compact form of their own instead of the plain JSON of their type, and how the client
 * turns the parsed text back into that type. The handler replies with the encoded text (asJsonReply); callers see
 * the type the protocol table declares.
 *  - 'dedup.scan' and 'dedup.lastScan': the scan as columns with tables of folders and repeated values
 *    (src/scan-wire): 4.2 instead of 11.1 MB at 100,000 bookmarks.
 */
import { fromScanWire } from '../scan-wire';
import type { LastScan, ReviewedScan } from '../dedup/protocol';
import { RemoteError } from './errors';
import { t } from '../i18n';

const scan = (value: unknown): ReviewedScan => {
  const decoded = fromScanWire<ReviewedScan>(value);
  if (!decoded) throw new RemoteError('internal', t('errorMalformedReply'));
  return decoded;
};

/** By request or job type: the reply from its parsed wire form. */
export const replyForms: Partial<Record<string, (value: unknown) => unknown>> = {
  'dedup.scan': scan,
  'dedup.lastScan': (value): LastScan | null => (value === null ? null : { ...(value as LastScan), scan: scan((value as { scan: unknown }).scan) }),
};

/** The reply of `type` from its JSON text. */
export function parseReply(type: string, json: string): unknown {
  const value: unknown = JSON.parse(json);
  const decode = Object.hasOwn(replyForms, type) ? replyForms[type] : undefined;
  return decode ? decode(value) : value;
}
