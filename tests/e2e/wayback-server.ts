/**
 * A local fake of the Internet Archive's availability API (`/wayback/available?url=…&timestamp=…`) for the Wayback
 * rescue's e2e tests and bench: every answer comes after `delayMs`; an address whose path starts with /none/ has no
 * capture, one with /redirect-capture/ only a capture with status 302 (which must not count); any other has one
 * capture, at `captureTimestamp`. The first `throttle` requests get 429 with Retry-After: 1. It records every
 * request (with the timestamp asked about) and the most it had in flight at once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface WaybackServerOptions {
  /** The last octet of the 127.0.0.x address to serve. */
  host: number;
  delayMs?: number;
  throttle?: number;
  captureTimestamp?: string;
}

export interface WaybackServer {
  /** The endpoint to give `test.links.wayback`. */
  endpoint: string;
  requests: { url: string; timestamp: string; at: number }[];
  maxInFlight: number;
  close(): Promise<void>;
}

export async function startWaybackServer(options: WaybackServerOptions): Promise<WaybackServer> {
  const requests: WaybackServer['requests'] = [];
  const sockets = new Set<Socket>();
  const capture = options.captureTimestamp ?? '20190503120000';
  let throttle = options.throttle ?? 0;
  let inFlight = 0;
  const state = { maxInFlight: 0 };
  const server: Server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x');
    const url = query.searchParams.get('url') ?? '';
    requests.push({ url, timestamp: query.searchParams.get('timestamp') ?? '', at: Date.now() });
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
    setTimeout(() => {
      inFlight--;
      if (throttle > 0) {
        throttle--;
        res.writeHead(429, { ...headers, 'retry-after': '1' }).end('{}');
        return;
      }
      const path = URL.canParse(url) ? new URL(url).pathname : '';
      const status = path.startsWith('/redirect-capture/') ? '302' : '200';
      const body = path.startsWith('/none/')
        ? { url, archived_snapshots: {} }
        : { url, archived_snapshots: { closest: { status, available: true, url: `http://web.archive.org/web/${capture}/${url}`, timestamp: capture } } };
      res.writeHead(200, headers).end(JSON.stringify(body));
    }, options.delayMs ?? 0);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, `127.0.0.${options.host}`, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.${options.host}:${port}/wayback/available`,
    requests,
    get maxInFlight() {
      return state.maxInFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
