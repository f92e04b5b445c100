/**
 * The background's side of messaging: validates every request against the protocol table before any handler
 * runs, refuses anything not sent by this extension's own pages, and always answers `{ok, value | error}`.
 * It never throws, whatever arrives.
 */
import * as v from 'valibot';
import type { HandlersOf, JobDef, JobHandlersOf, RequestDef } from './define';
import { AppError, toWireError, type WireError } from './errors';
import { PORT_NAME } from './channel';
import { describeIssues } from './schema-issues';

export type Reply<T = unknown> = { ok: true; value: T } | { ok: false; error: WireError };

export interface Sender {
  id?: string;
  url?: string;
}

export interface RouterOptions<P extends Record<string, RequestDef>> {
  protocol: P;
  handlers: HandlersOf<P>;
  /** This extension's id (runtime.id). */
  extensionId: string;
  /** This extension's base URL (runtime.getURL('')), e.g. moz-extension://uuid/ */
  extensionOrigin: string;
}

const envelope = v.strictObject({
  channel: v.literal('tidymarks'),
  type: v.pipe(v.string(), v.maxLength(100)),
  input: v.unknown(),
});

export function isOwnSender(sender: Sender | undefined, extensionId: string, extensionOrigin: string): boolean {
  if (!sender || sender.id !== extensionId) return false;
  // Only our extension pages (popup, options, harness) may talk to us; never a content script in a web page.
  return typeof sender.url === 'string' && sender.url.startsWith(extensionOrigin);
}

export interface Router {
  handle(message: unknown, sender: Sender | undefined): Promise<Reply>;
}

export function createRouter<P extends Record<string, RequestDef>>(options: RouterOptions<P>): Router {
  const { protocol, handlers, extensionId, extensionOrigin } = options;
  return {
    async handle(message, sender) {
      try {
        if (!isOwnSender(sender, extensionId, extensionOrigin)) {
          return { ok: false, error: { code: 'forbidden', message: 'Messages are accepted only from Tidymarks pages.' } };
        }
        const env = v.safeParse(envelope, message);
        if (!env.success) {
          return {
            ok: false,
            error: { code: 'invalid-request', message: `Malformed message: ${describeIssues(env.issues)}` },
          };
        }
        const { type, input } = env.output;
        if (!Object.hasOwn(protocol, type)) {
          return { ok: false, error: { code: 'unknown-type', message: `Unknown request type "${type}".` } };
        }
        const def = protocol[type as keyof P];
        const parsed = v.safeParse(def.input, input);
        if (!parsed.success) {
          return {
            ok: false,
            error: { code: 'invalid-request', message: `Invalid input for "${type}": ${describeIssues(parsed.issues)}` },
          };
        }
        const handler = handlers[type as keyof P] as (input: unknown, ctx: { senderUrl: string | undefined }) => unknown;
        const value = await handler(parsed.output, { senderUrl: sender?.url });
        return { ok: true, value: value === undefined ? null : value };
      } catch (error) {
        return { ok: false, error: toWireError(error) };
      }
    },
  };
}

/** The minimal port surface the job server needs (browser.runtime.Port). */
export interface PortLike {
  name: string;
  sender?: Sender;
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(cb: (message: unknown) => void): void };
  onDisconnect: { addListener(cb: () => void): void };
}

const jobStart = v.strictObject({ op: v.literal('start'), kind: v.pipe(v.string(), v.maxLength(100)), input: v.unknown() });
const jobControl = v.strictObject({ op: v.picklist(['pause', 'resume', 'cancel']) });

export interface JobServerOptions<J extends Record<string, JobDef>> {
  jobs: J;
  handlers: JobHandlersOf<J>;
  extensionId: string;
  extensionOrigin: string;
}

/**
 * Serves long jobs over a port: the page posts {op:'start', kind, input}, then may post pause/resume/cancel;
 * the background posts {op:'progress', value}*, then {op:'done', value} or {op:'error', error}.
 */
export function createJobServer<J extends Record<string, JobDef>>(options: JobServerOptions<J>) {
  const { jobs, handlers, extensionId, extensionOrigin } = options;
  return {
    accept(port: PortLike): void {
      if (port.name !== PORT_NAME) return;
      const post = (message: unknown) => {
        try {
          port.postMessage(message);
        } catch {
          // The page went away; the job notices through its signal.
        }
      };
      if (!isOwnSender(port.sender, extensionId, extensionOrigin)) {
        post({ op: 'error', error: { code: 'forbidden', message: 'Jobs are accepted only from Tidymarks pages.' } });
        port.disconnect();
        return;
      }
      const abort = new AbortController();
      let started = false;
      let paused: { promise: Promise<void>; resume: () => void } | null = null;
      const checkpoint = async () => {
        while (paused) await paused.promise;
        if (abort.signal.aborted) throw new AppError('cancelled', 'The job was cancelled.');
      };
      port.onDisconnect.addListener(() => {
        abort.abort();
        paused?.resume();
      });
      port.onMessage.addListener((message) => {
        const control = v.safeParse(jobControl, message);
        if (control.success) {
          if (control.output.op === 'pause' && !paused) {
            let resume!: () => void;
            const promise = new Promise<void>((r) => (resume = r));
            paused = { promise, resume };
          } else if (control.output.op === 'resume' && paused) {
            const p = paused;
            paused = null;
            p.resume();
          } else if (control.output.op === 'cancel') {
            abort.abort();
            if (paused) {
              const p = paused;
              paused = null;
              p.resume();
            }
          }
          return;
        }
        const start = v.safeParse(jobStart, message);
        if (!start.success || started) {
          post({ op: 'error', error: { code: 'invalid-request', message: 'Malformed job message.' } });
          return;
        }
        started = true;
        const { kind, input } = start.output;
        if (!Object.hasOwn(jobs, kind)) {
          post({ op: 'error', error: { code: 'unknown-type', message: `Unknown job "${kind}".` } });
          return;
        }
        const parsed = v.safeParse(jobs[kind as keyof J].input, input);
        if (!parsed.success) {
          post({
            op: 'error',
            error: { code: 'invalid-request', message: `Invalid input for job "${kind}": ${describeIssues(parsed.issues)}` },
          });
          return;
        }
        const handler = handlers[kind as keyof J] as (input: unknown, ctx: unknown) => Promise<unknown>;
        handler(parsed.output, { progress: (value: unknown) => post({ op: 'progress', value }), signal: abort.signal, checkpoint })
          .then((value) => post({ op: 'done', value: value === undefined ? null : value }))
          .catch((error: unknown) => post({ op: 'error', error: toWireError(error) }));
      });
    },
  };
}
