/**
 * A local fake of the Internet Archive's availability API (`/wayback/available?url=…&timestamp=…`) for the Wayback
 * rescue's e2e tests and bench.
 *
 * Reached by name, as the real site is: the fake IS the production endpoint, https://archive.org/wayback/available
 * (AVAILABILITY_ENDPOINT), so the lookup runs with no endpoint override and asks for the real origin
 * https://archive.org/*. Firefox gets there the way it gets to the link tests' named web (tests/e2e/link-server.ts):
 * `network.dns.localDomains` resolves archive.org to loopback, `network.socket.forcePort` sends port 443 to a loopback
 * HTTPS server with a throwaway self-signed certificate, and Firefox is launched with acceptInsecureCerts. forcePort
 * is one pref for all of Firefox, so a test has one named web, one mapping of ports: the fake is mounted on a link
 * server (`web`: LinkServer.mount serves the name archive.org with this fake's handler on the link server's own
 * ports, and web.prefs() then lists archive.org next to the test hosts), or, without `web`, on a link server of its
 * own that serves nothing else (set the fake's prefs() then). http://archive.org answers 301 to https, as the real
 * site does; a path other than /wayback/available is a 404.
 *
 * Answers: every answer comes after `delayMs`; an address whose path starts with /none/ has no capture, one with
 * /redirect-capture/ only a capture with status 302 (which must not count); any other has one capture, at
 * `captureTimestamp`. The first `throttle` requests get 429 with Retry-After: 1. It records every request (with the
 * timestamp asked about) and the most it had in flight at once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AVAILABILITY_ENDPOINT } from '../../src/link-health/wayback/availability';
import { startLinkServer, type LinkServer } from './link-server';

/** The archive's name, as the extension asks it (archive.org). */
export const ARCHIVE_HOST = new URL(AVAILABILITY_ENDPOINT).hostname;

export interface WaybackServerOptions {
  /** The test's named web to serve archive.org on (its ports, its prefs()); without it, one of its own. */
  web?: LinkServer;
  delayMs?: number;
  throttle?: number;
  captureTimestamp?: string;
}

export interface WaybackServer {
  /** The endpoint served: by name the production one (nothing to override); legacy, the one for `test.links.wayback`. */
  endpoint: string;
  /** The origin the lookup asks for: https://archive.org/* by name. */
  origin: string;
  /** The Firefox prefs that make the name reach the fake (`web.prefs()` when on `web`; none for the legacy address). */
  prefs(): Record<string, string>;
  requests: { url: string; timestamp: string; at: number }[];
  maxInFlight: number;
  close(): Promise<void>;
}

export async function startWaybackServer(options: WaybackServerOptions): Promise<WaybackServer> {
  const requests: WaybackServer['requests'] = [];
  const capture = options.captureTimestamp ?? '20190503120000';
  const path = new URL(AVAILABILITY_ENDPOINT).pathname;
  let throttle = options.throttle ?? 0;
  let inFlight = 0;
  const state = { maxInFlight: 0 };

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const query = new URL(req.url ?? '/', 'http://x');
    if (query.pathname !== path) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    const url = query.searchParams.get('url') ?? '';
    requests.push({ url, timestamp: query.searchParams.get('timestamp') ?? '', at: Date.now() });
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
    setTimeout(() => {
      inFlight--;
      if (res.destroyed) return;
      if (throttle > 0) {
        throttle--;
        res.writeHead(429, { ...headers, 'retry-after': '1' }).end('{}');
        return;
      }
      const page = URL.canParse(url) ? new URL(url).pathname : '';
      const status = page.startsWith('/redirect-capture/') ? '302' : '200';
      const body = page.startsWith('/none/')
        ? { url, archived_snapshots: {} }
        : { url, archived_snapshots: { closest: { status, available: true, url: `http://web.archive.org/web/${capture}/${url}`, timestamp: capture } } };
      res.writeHead(200, headers).end(JSON.stringify(body));
    }, options.delayMs ?? 0);
  };

  const mounted = await byName(options.web, answer);
  return {
    ...mounted,
    requests,
    get maxInFlight() {
      return state.maxInFlight;
    },
  };
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type Mounted = Pick<WaybackServer, 'endpoint' | 'origin' | 'prefs' | 'close'>;

/** archive.org on the test's named web (or on one of its own, closed with the fake). */
async function byName(web: LinkServer | undefined, answer: Handler): Promise<Mounted> {
  const own = web ? undefined : await startLinkServer({ hosts: [] });
  const named = (web ?? own)!;
  const unmount = named.mount(ARCHIVE_HOST, (req, res, secure) =>
    secure ? answer(req, res) : void res.writeHead(301, { location: `https://${ARCHIVE_HOST}${req.url ?? '/'}` }).end(),
  );
  return {
    endpoint: AVAILABILITY_ENDPOINT,
    origin: `https://${ARCHIVE_HOST}/*`,
    prefs: () => named.prefs(),
    close: async () => {
      unmount();
      await own?.close();
    },
  };
}
