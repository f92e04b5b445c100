/**
 * What fetch hides about a request: the redirects it followed (status and target of each hop) and why it failed
 * (fetch only says "NetworkError"). Firefox's webRequest events report both for the extension's own requests, with
 * one requestId across the redirects (measured in Firefox ESR 153: a fetch with `redirect: 'manual'` gives an opaque
 * response with no status or Location, so hops cannot be read from fetch itself). A check registers the URL it is
 * about to fetch; the next request of that URL from this extension is bound to it. The scheduler never has two
 * requests for one URL in flight (URLs are checked once per run), so the binding is unambiguous.
 */
import type { Browser } from '../platform/browser';
import type { FailureKind, Hop } from './types';

export interface WatchedRequest {
  readonly hops: Hop[];
  /** Firefox's error name for a request that failed (NS_ERROR_UNKNOWN_HOST...), else null. */
  readonly error: string | null;
  /**
   * Resolves once Firefox reported the request's end (onCompleted or onErrorOccurred). The events reach the
   * background on their own path: measured in Firefox ESR 153, fetch often resolved before the request's
   * onBeforeRedirect events had arrived, so hops must be read after this.
   */
  readonly ended: Promise<void>;
  stop(): void;
}

export interface RequestLog {
  /** Watch the next request of `url` (without fragment) this extension makes. Call right before fetch. */
  watch(url: string): WatchedRequest;
}

interface Watch {
  hops: Hop[];
  error: string | null;
  end: () => void;
}

type WebRequest = Browser['webRequest'];

export function createWebRequestLog(webRequest: WebRequest, extensionOrigin: string): RequestLog {
  const waiting = new Map<string, Watch[]>();
  const byId = new Map<string, Watch>();
  let listening = false;
  const filter = { urls: ['http://*/*', 'https://*/*'] };
  const ours = (originUrl: string | undefined) => originUrl?.startsWith(extensionOrigin) ?? false;
  const listen = () => {
    if (listening) return;
    listening = true;
    webRequest.onBeforeRequest.addListener((d) => {
      if (!ours(d.originUrl) || byId.has(d.requestId)) return;
      const queue = waiting.get(d.url);
      const watch = queue?.shift();
      if (!watch) return;
      if (!queue!.length) waiting.delete(d.url);
      byId.set(d.requestId, watch);
    }, filter);
    webRequest.onBeforeRedirect.addListener((d) => {
      byId.get(d.requestId)?.hops.push({ url: d.url, status: d.statusCode, to: d.redirectUrl });
    }, filter);
    webRequest.onErrorOccurred.addListener((d) => {
      const watch = byId.get(d.requestId);
      if (!watch) return;
      watch.error = d.error;
      byId.delete(d.requestId);
      watch.end();
    }, filter);
    webRequest.onCompleted.addListener((d) => {
      const watch = byId.get(d.requestId);
      if (!watch) return;
      byId.delete(d.requestId);
      watch.end();
    }, filter);
  };
  return {
    watch(url) {
      listen();
      let end!: () => void;
      const ended = new Promise<void>((resolve) => (end = resolve));
      const watch: Watch = { hops: [], error: null, end };
      const queue = waiting.get(url) ?? [];
      queue.push(watch);
      waiting.set(url, queue);
      return {
        get hops() {
          return watch.hops;
        },
        get error() {
          return watch.error;
        },
        ended,
        stop() {
          const q = waiting.get(url);
          const i = q?.indexOf(watch) ?? -1;
          if (i >= 0) q!.splice(i, 1);
          if (q && !q.length) waiting.delete(url);
          for (const [id, w] of byId) if (w === watch) byId.delete(id);
        },
      };
    },
  };
}

/** Firefox's network error names as the kinds a person reads. */
export function failureKindOf(error: string | null): FailureKind {
  if (!error) return 'network';
  if (/UNKNOWN_HOST|UNKNOWN_PROXY_HOST/.test(error)) return 'dns';
  if (/CONNECTION_REFUSED|NET_RESET|PROXY_CONNECTION_REFUSED/.test(error)) return 'refused';
  if (/TIMEOUT/.test(error)) return 'timeout';
  if (/^(SEC_|SSL_)|INADEQUATE_SECURITY|MOZILLA_PKIX/.test(error)) return 'tls';
  return 'network';
}
