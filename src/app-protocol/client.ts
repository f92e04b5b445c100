/**
 * The page side of messaging: the only way popup and options reach the background.
 * `call` validates nothing locally (the router does); it unwraps `{ok, json | error}` (the value as one JSON string) and re-throws errors as
 * RemoteError with the background's code and message. `startJob` runs a long job over a port.
 */
import { t } from '../i18n';
import { isErrorCode, RemoteError } from '../messaging/errors';
import { PORT_NAME, type RequestMessage } from '../messaging/channel';
import type { JobInput, JobProgress, JobResult, JobType, RequestInput, RequestReply, RequestType } from './protocol';
import type { PortLike } from '../messaging/router';

/**
 * How a client reads the reply of a request or job type from its JSON text; called when the request is sent, so
 * that a decoder it needs can load meanwhile. Pages that ask for a scan pass reply-forms.ts's (page-client-with-scans.ts).
 */
export type ReplyReader = (type: string) => (json: string) => Promise<unknown>;

/**
 * The requests and jobs whose reply travels in a form of its own: reply-forms.ts has a decoder for each (its table is
 * typed by this list). A client made without their reader refuses them: the form's text is not the type the caller
 * is promised.
 */
const REPLY_FORM_TYPES = ['dedup.scan', 'dedup.lastScan'] as const;
export type ReplyFormType = (typeof REPLY_FORM_TYPES)[number];
export const REPLIES_IN_A_FORM_OF_THEIR_OWN: ReadonlySet<string> = new Set(REPLY_FORM_TYPES);

/** Plain JSON replies: the popup and the sidebar, which never ask for a scan and so never reference its decoder. */
export const plainReplies: ReplyReader = (type) => {
  if (REPLIES_IN_A_FORM_OF_THEIR_OWN.has(type)) {
    // A developer's mistake (make the client with reply-forms.ts's reader), said as any page error is.
    throw new RemoteError('internal', t('errorPageCannotRead', type));
  }
  return async (json) => JSON.parse(json) as unknown;
};

export interface Transport {
  sendMessage(message: RequestMessage): Promise<unknown>;
  connect(name: string): PortLike;
}

export interface JobHandle<R> {
  readonly result: Promise<R>;
  pause(): void;
  resume(): void;
  cancel(): void;
}

export interface Client {
  call<K extends RequestType>(type: K, input: RequestInput<K>): Promise<RequestReply<K>>;
  startJob<K extends JobType>(kind: K, input: JobInput<K>, onProgress?: (progress: JobProgress<K>) => void): JobHandle<JobResult<K>>;
  /** Opens a named port to the background, for a feature's own subscription (e.g. the Places events). */
  connect(name: string): PortLike;
}

function toRemoteError(error: unknown): RemoteError {
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (isErrorCode(code) && typeof message === 'string') return new RemoteError(code, message);
  }
  return new RemoteError('internal', t('errorMalformedReply'));
}

/** A client over `transport`; `replyReader` reads replies (plain JSON unless a page that asks for a scan passes its reader). */
export function createClient(transport: Transport, replyReader: ReplyReader = plainReplies): Client {
  return {
    connect: (name) => transport.connect(name),

    async call(type, input) {
      const read = replyReader(type);
      let reply: unknown;
      try {
        reply = await transport.sendMessage({ channel: 'tidymarks', type, input });
      } catch (error) {
        throw new RemoteError('internal', t('errorNoBackground', String((error as Error)?.message ?? error)));
      }
      if (reply && typeof reply === 'object' && 'ok' in reply) {
        const r = reply as { ok: boolean; json?: unknown; error?: unknown };
        if (r.ok && typeof r.json === 'string') return (await read(r.json)) as never;
        if (r.ok) throw new RemoteError('internal', t('errorMalformedReply'));
        throw toRemoteError(r.error);
      }
      throw new RemoteError('internal', t('errorNoAnswer'));
    },

    startJob(kind, input, onProgress) {
      const read = replyReader(kind);
      const port = transport.connect(PORT_NAME);
      let settled = false;
      const result = new Promise<never>((resolve, reject) => {
        port.onMessage.addListener((message) => {
          const m = message as { op?: string; value?: unknown; json?: unknown; error?: unknown };
          if (m?.op === 'progress') onProgress?.(m.value as never);
          else if (m?.op === 'done') {
            settled = true;
            if (typeof m.json === 'string')
              read(m.json).then(
                (value) => resolve(value as never),
                (error: unknown) => reject(error instanceof RemoteError ? error : new RemoteError('internal', t('errorMalformedReply'))),
              );
            else reject(new RemoteError('internal', t('errorMalformedReply')));
            port.disconnect();
          } else if (m?.op === 'error') {
            settled = true;
            reject(toRemoteError(m.error));
            port.disconnect();
          }
        });
        port.onDisconnect.addListener(() => {
          if (!settled) reject(new RemoteError('cancelled', t('errorJobEnded')));
        });
      });
      // Posting to a port the background already closed throws; the outcome then arrives as its error message
      // or as the disconnect, so a failed post needs no handling of its own.
      const post = (message: unknown) => {
        try {
          port.postMessage(message);
        } catch {
          /* see above */
        }
      };
      post({ op: 'start', kind, input });
      return {
        result,
        pause: () => post({ op: 'pause' }),
        resume: () => post({ op: 'resume' }),
        cancel: () => post({ op: 'cancel' }),
      };
    },
  };
}
