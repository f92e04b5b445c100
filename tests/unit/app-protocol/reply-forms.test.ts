/**
 * The pages' client reads replies in a form of their own by request type (src/app-protocol/reply-forms.ts): the scan
 * arrives in its wire form and the caller gets the declared type, through a request and through a job, with the
 * decoder loaded when the request is sent. A reply that is not the form gives a clear error; every other reply is
 * plain JSON, even when it looks like the scan's form.
 */
import { describe, expect, it } from 'vitest';
import { scanBookmarks } from '../../../src/dedup/scan/scan';
import { t } from '../../../src/i18n';
import { createClient, plainReplies, REPLIES_IN_A_FORM_OF_THEIR_OWN, type ReplyReader, type Transport } from '../../../src/app-protocol/client';
import { replyReader } from '../../../src/app-protocol/reply-forms';
import { RemoteError } from '../../../src/messaging/errors';
import type { PortLike } from '../../../src/messaging/router';
import { encodeScan } from '../../../src/dedup/scan-wire';
import { DEFAULT_SETTINGS } from '../../../src/settings/settings';
import { bm, buildTree, folder } from '../dedup/tree-builder';

const copied = folder('Dev', [bm('https://a.example/', 'A'), bm('https://b.example/?utm_source=x', 'B')]);
const scan = {
  ...scanBookmarks({
    tree: buildTree({ menu: [copied], toolbar: [copied, bm('https://a.example')] }),
    settings: DEFAULT_SETTINGS,
    tagsByUrl: new Map(),
    visitsByUrl: new Map(),
    now: 1,
  }),
  scanId: 'scan@1',
  remembered: [],
};
/** The scan as a caller had it before the wire form: its plain JSON. */
const plain = JSON.parse(JSON.stringify(scan)) as unknown;

/** A client whose requests get `json` as their reply text and whose jobs end with it; the options page's reader by default. */
function clientReplying(json: (type: string) => string, reader: ReplyReader = replyReader) {
  const transport: Transport = {
    sendMessage: async (message) => ({ ok: true, json: json(message.type) }),
    connect(name) {
      const listeners: ((message: unknown) => void)[] = [];
      const port: PortLike = {
        name,
        postMessage(message) {
          const { op, kind } = message as { op: string; kind: string };
          if (op === 'start') queueMicrotask(() => listeners.forEach((l) => l({ op: 'done', json: json(kind) })));
        },
        disconnect: () => undefined,
        onMessage: { addListener: (l) => void listeners.push(l) },
        onDisconnect: { addListener: () => undefined },
      };
      return port;
    },
  };
  return createClient(transport, reader);
}

describe("the client's reply forms", () => {
  it('gives the scan back from its wire form, as the job and as the last scan', async () => {
    expect(scan.groups.length).toBeGreaterThan(1);
    const client = clientReplying((type) => (type === 'dedup.lastScan' ? `{"scan":${encodeScan(scan)},"current":false}` : encodeScan(scan)));
    expect(await client.startJob('dedup.scan', {}).result).toStrictEqual(plain);
    expect(await client.call('dedup.lastScan', {})).toStrictEqual({ scan: plain, current: false });
    expect(await clientReplying(() => 'null').call('dedup.lastScan', {})).toBeNull();
  });

  it('refuses a scan that is not in the wire form with a clear error, through a request and through a job', async () => {
    const client = clientReplying((type) => (type === 'dedup.lastScan' ? `{"scan":${JSON.stringify(plain)},"current":true}` : JSON.stringify(plain)));
    const malformed = { name: 'RemoteError', code: 'internal', message: t('errorMalformedReply') };
    await expect(client.call('dedup.lastScan', {})).rejects.toMatchObject(malformed);
    await expect(client.startJob('dedup.scan', {}).result).rejects.toBeInstanceOf(RemoteError);
    await expect(client.startJob('dedup.scan', {}).result).rejects.toMatchObject(malformed);
  });

  it('reads every other reply as plain JSON, also one that looks like the wire form', async () => {
    const wire = encodeScan(scan);
    const client = clientReplying(() => wire);
    expect(await client.call('core.ping', {})).toStrictEqual(JSON.parse(wire));
  });

  it('a client made without the forms (the popup’s, the sidebar’s) refuses a scan before asking, and reads the rest', async () => {
    let sent = 0;
    const client = clientReplying((type) => {
      sent++;
      return type === 'core.ping' ? '{"pong":true}' : encodeScan(scan);
    }, plainReplies);
    await expect(client.call('dedup.lastScan', {})).rejects.toMatchObject({ name: 'RemoteError', code: 'internal', message: t('errorPageCannotRead', 'dedup.lastScan') });
    expect(() => client.startJob('dedup.scan', {})).toThrow(t('errorPageCannotRead', 'dedup.scan'));
    expect(sent).toBe(0);
    expect([...REPLIES_IN_A_FORM_OF_THEIR_OWN].sort()).toEqual(['dedup.lastScan', 'dedup.scan']);
    expect(await client.call('core.ping', {})).toStrictEqual({ pong: true });
  });
});
