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
import { isOwnSender, type PortLike } from '@tidymarks/places/support';
import { plural, t } from '../i18n';

/** A request's reply as it travels: its value as one JSON string (see toJson), or the error. */
export type Reply = { ok: true; json: string } | { ok: false; error: WireError };

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

/** Whether a message or port comes from this extension's own pages: the Places package's check, shared. */
export { isOwnSender };

export interface Router {
  handle(message: unknown, sender: Sender | undefined): Promise<Reply>;
}

export function createRouter<P extends Record<string, RequestDef>>(options: RouterOptions<P>): Router {
  const { protocol, handlers, extensionId, extensionOrigin } = options;
  return {
    async handle(message, sender) {
      try {
        if (!isOwnSender(sender, extensionId, extensionOrigin)) {
          return { ok: false, error: { code: 'forbidden', message: t('errorForbidden') } };
        }
        const env = v.safeParse(envelope, message);
        if (!env.success) {
          return {
            ok: false,
            error: { code: 'invalid-request', message: t('errorMalformedMessage', describeIssues(env.issues)) },
          };
        }
        const { type, input } = env.output;
        if (!Object.hasOwn(protocol, type)) {
          return { ok: false, error: { code: 'unknown-type', message: t('errorUnknownRequest', type) } };
        }
        const def = protocol[type as keyof P];
        const parsed = v.safeParse(def.input, input);
        if (!parsed.success) {
          return {
            ok: false,
            error: { code: 'invalid-request', message: t('errorInvalidInput', type, describeIssues(parsed.issues)) },
          };
        }
        const handler = handlers[type as keyof P] as (input: unknown, ctx: { senderUrl: string | undefined }) => unknown;
        const value = await handler(parsed.output, { senderUrl: sender?.url });
        return { ok: true, json: toJson(value) };
      } catch (error) {
        return { ok: false, error: toWireError(error) };
      }
    },
  };
}

/**
 * A reply or a job's result as it travels: one JSON string (undefined as null). Values are plain JSON-like data
 * anyway, and Firefox carries one string far faster than the structured clone of many objects: measured in Firefox
 * ESR on the loaded 2-core machine, a 100,000-bookmark scan (11.6 MB as JSON) took 3.6-4.6 s through
 * runtime.sendMessage as objects, against 0.1-0.2 s to stringify and 0.1-0.4 s to parse it in a page.
 */
function toJson(value: unknown): string {
  if (value instanceof JsonReply) return value.json;
  return JSON.stringify(value === undefined ? null : value);
}

/** A value a handler already has as JSON text (a feature that stores the text it replies with): sent as it is. */
class JsonReply {
  constructor(readonly json: string) {}
}

/**
 * Replies with `json`, the JSON text of a `T`, without parsing and writing it again: a handler returns
 * `asJsonReply<T>(text)` where it would return the T (the caller gets the parsed T as ever). The text must be
 * JSON.stringify's output for a plain JSON-like value.
 */
export function asJsonReply<T>(json: string): T {
  return new JsonReply(json) as unknown as T;
}

/** The minimal port surface the job server needs (browser.runtime.Port): the Places package's. */
export type { PortLike };

const jobStart = v.strictObject({ op: v.literal('start'), kind: v.pipe(v.string(), v.maxLength(100)), input: v.unknown() });
const jobControl = v.strictObject({ op: v.picklist(['pause', 'resume', 'cancel']) });

/** A paused job cancels itself after this long: a forgotten pause never holds bookmarks (or the apply queue) forever. */
export const MAX_PAUSE_MS = 10 * 60 * 1000;

/** Starts a one-shot timer and returns its cancel function (injectable, so tests need not wait ten minutes). */
export type StartTimer = (callback: () => void, ms: number) => () => void;

const realTimer: StartTimer = (callback, ms) => {
  const handle = setTimeout(callback, ms);
  return () => clearTimeout(handle);
};

export interface JobServerOptions<J extends Record<string, JobDef>> {
  jobs: J;
  handlers: JobHandlersOf<J>;
  extensionId: string;
  extensionOrigin: string;
  /** How long a job may stay paused before it cancels itself (default MAX_PAUSE_MS). */
  maxPauseMs?: number;
  /** Timer used for the pause bound (default setTimeout). */
  startTimer?: StartTimer;
}

/**
 * Serves long jobs over a port: the page posts {op:'start', kind, input}, then may post pause/resume/cancel;
 * the background posts {op:'progress', value}*, then {op:'done', json} (the result as one JSON string) or
 * {op:'error', error}.
 *
 * A job's state never outlives its page: when the port disconnects (tab closed, page reloaded) the job is cancelled
 * whatever state it is in, paused included, and a pause longer than `maxPauseMs` cancels the job too. A paused job
 * waits on one promise that resume, cancel, disconnect or the pause bound settle and clear together, so nothing
 * ever spins, and each port's job is independent of every other request.
 */
export function createJobServer<J extends Record<string, JobDef>>(options: JobServerOptions<J>) {
  const { jobs, handlers, extensionId, extensionOrigin } = options;
  const maxPauseMs = options.maxPauseMs ?? MAX_PAUSE_MS;
  const startTimer = options.startTimer ?? realTimer;
  return {
    accept(port: PortLike): void {
      if (port.name !== PORT_NAME) return;
      let connected = true;
      const post = (message: unknown) => {
        if (!connected) return;
        try {
          port.postMessage(message);
        } catch {
          // The page went away; the job notices through its signal.
        }
      };
      if (!isOwnSender(port.sender, extensionId, extensionOrigin)) {
        post({ op: 'error', error: { code: 'forbidden', message: t('errorJobForbidden') } });
        port.disconnect();
        return;
      }
      const abort = new AbortController();
      let cancelMessage = t('jobCancelled');
      let started = false;
      /** Set while paused; cleared (and its promise resolved) by resume, cancel, disconnect and the pause bound. */
      let pause: { promise: Promise<void>; wake: () => void; stopTimer: () => void } | null = null;
      const endPause = () => {
        const current = pause;
        pause = null;
        current?.stopTimer();
        current?.wake();
      };
      const cancel = (message?: string) => {
        if (!abort.signal.aborted) {
          if (message) cancelMessage = message;
          abort.abort();
        }
        endPause();
      };
      const checkpoint = async () => {
        // Each pause is its own promise: after a wake-up, wait again only if a new pause began meanwhile.
        while (pause && !abort.signal.aborted) await pause.promise;
        if (abort.signal.aborted) throw new AppError('cancelled', cancelMessage);
      };
      port.onDisconnect.addListener(() => {
        connected = false;
        cancel();
      });
      port.onMessage.addListener((message) => {
        const control = v.safeParse(jobControl, message);
        if (control.success) {
          const op = control.output.op;
          if (op === 'pause' && !pause && !abort.signal.aborted) {
            let wake!: () => void;
            const promise = new Promise<void>((resolve) => (wake = resolve));
            const minutes = Math.round(maxPauseMs / 60_000);
            const stopTimer = startTimer(() => cancel(plural('errorPausedTooLong', minutes)), maxPauseMs);
            pause = { promise, wake, stopTimer };
          } else if (op === 'resume') {
            endPause();
          } else if (op === 'cancel') {
            cancel();
          }
          return;
        }
        const start = v.safeParse(jobStart, message);
        if (!start.success || started) {
          post({ op: 'error', error: { code: 'invalid-request', message: t('errorMalformedJobMessage') } });
          return;
        }
        started = true;
        const { kind, input } = start.output;
        if (!Object.hasOwn(jobs, kind)) {
          post({ op: 'error', error: { code: 'unknown-type', message: t('errorUnknownJob', kind) } });
          return;
        }
        const parsed = v.safeParse(jobs[kind as keyof J].input, input);
        if (!parsed.success) {
          post({
            op: 'error',
            error: { code: 'invalid-request', message: t('errorInvalidJobInput', kind, describeIssues(parsed.issues)) },
          });
          return;
        }
        const handler = handlers[kind as keyof J] as (input: unknown, ctx: unknown) => Promise<unknown>;
        let running: Promise<unknown>;
        try {
          running = Promise.resolve(
            handler(parsed.output, { progress: (value: unknown) => post({ op: 'progress', value }), signal: abort.signal, checkpoint, paused: () => pause !== null }),
          );
        } catch (error) {
          running = Promise.reject(error);
        }
        running
          .then((value) => post({ op: 'done', json: toJson(value) }))
          .catch((error: unknown) => post({ op: 'error', error: toWireError(error) }))
          .finally(endPause);
      });
    },
  };
}
