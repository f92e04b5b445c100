/**
 * Replies that travel in a compact form of their own instead of the plain JSON of their type, and how the client
 * turns the parsed text back into that type. The handler replies with the encoded text (asJsonReply); callers see
 * the type the protocol table declares.
 *  - 'dedup.scan' and 'dedup.lastScan': the scan as columns with tables of folders and repeated values
 *    (src/dedup/scan-wire): 4.2 instead of 11.1 MB at 100,000 bookmarks.
 * A form's decoder is loaded (a dynamic import) when a request of its type is sent, while the background works on
 * it. A page that never asks for a scan (the popup, the sidebar) is made without this reader (page-client.ts), so
 * its bundle does not even name the decoder's chunk; the options page's client has it (page-client-with-scans.ts).
 */
import type { LastScan, ReviewedScan } from '../dedup/protocol';
import { RemoteError } from '../messaging/errors';
import { t } from '../i18n';
import { REPLIES_IN_A_FORM_OF_THEIR_OWN, type ReplyFormType, type ReplyReader } from './client';

type Decode = (value: unknown) => unknown;

const scanDecoders = () =>
  import('../dedup/scan-wire').then(({ fromScanWire }) => {
    const scan = (value: unknown): ReviewedScan => {
      const decoded = fromScanWire<ReviewedScan>(value);
      if (!decoded) throw new RemoteError('internal', t('errorMalformedReply'));
      return decoded;
    };
    const lastScan = (value: unknown): LastScan | null => (value === null ? null : { ...(value as LastScan), scan: scan((value as { scan: unknown }).scan) });
    return { scan, lastScan };
  });

/** By request or job type: loads the function that turns the reply's parsed wire form into the reply. */
const replyForms: Record<ReplyFormType, () => Promise<Decode>> = {
  'dedup.scan': () => scanDecoders().then((d) => d.scan),
  'dedup.lastScan': () => scanDecoders().then((d) => d.lastScan),
};

/**
 * How to read the reply of `type` from its JSON text; called when the request is sent, so that the decoder of a
 * reply in a form of its own loads meanwhile.
 */
export const replyReader: ReplyReader = (type) => {
  const load = REPLIES_IN_A_FORM_OF_THEIR_OWN.has(type) ? replyForms[type as ReplyFormType] : undefined;
  if (!load) return async (json) => JSON.parse(json) as unknown;
  const decoder = load();
  // A request that fails never reads its reply: a decoder that could not load is then nobody's error.
  decoder.catch(() => undefined);
  return async (json) => {
    const value: unknown = JSON.parse(json);
    return (await decoder)(value);
  };
};
