/**
 * A named web for link health tests: every test host is a name under `.tidymarks.test` (the test build allows that
 * suffix; production refuses it as a local name), all served by one HTTP and one HTTPS server on loopback that tell
 * hosts apart by the Host header (and by SNI for TLS). Firefox reaches them by name through `prefs()`:
 * `network.dns.localDomains` makes each listed name resolve to loopback (an IDN host is listed in punycode), and
 * `network.socket.forcePort` sends ports 80 and 443 to the servers' ports, so the addresses carry no port, as real
 * bookmarks do (an http address's https twin is then the same address). Names matter: Firefox treats loopback IPs
 * as secure and never upgrades them to https, so a loopback-only test cannot see an upgrade of http (issue 31).
 * The HTTPS certificate is a throwaway self-signed one (Firefox is launched with acceptInsecureCerts). What each path
 * answers is in `answer()`. The server records every request, the most requests it had in flight per host at once,
 * and closes everything on close().
 *
 * Paths (any host): /ok/*, /moved/* (301 to /ok/*), /chain/* (301 → 308 → /ok/*), /temp/* (302 to /ok/*),
 * /see-other/* (303), /temp307/* (307), /gone/* (404), /gone410/* (410), /broken/* (500), /upgrade/* (301 to the
 * same address on https), /upgrade302/* (302 to it), /loop/* (301 → /loop2/* → 301 back, forever), /no-head/* (405
 * to HEAD, 200 to GET), /flaky/* (the first request of each URL has its connection cut), /rate/* (the first request
 * of each URL gets 429 Retry-After: 1), /busy/* (503 Retry-After: 1, then 200), /slow/* (answers after `slowMs`),
 * /down/* (503 forever, no Retry-After), /delay/* (200 after `delayMs`; held while `hold()` is on), /fail-once-random/* (the first request
 * fails when `randomFailure(url)` says so).
 * Hosts: `httpOnly` ones abort the TLS handshake (no https), `httpsOnly` ones cut every http connection.
 * `tlsBroken(host, path)` is an https address on the HTTP port (plain http spoken to a TLS client), `refused(host,
 * path)` one on a port nothing listens on.
 * Other fakes by name: `network.socket.forcePort` is one pref for all of Firefox, so a test has one named web, and
 * a fake of another site (tests/e2e/wayback-server.ts: archive.org) is served on these same ports by `mount(name,
 * handler)`, which answers that name's requests with the handler instead of the paths above and lists the name in
 * prefs().
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A test host name: `label`.tidymarks.test (labels may be IDN; the name is given in punycode). */
export function testHost(label: string): string {
  return new URL(`http://${label}.tidymarks.test/`).hostname;
}

/** Chrome code (Firefox.chrome) that sets string and boolean prefs: `ff.chrome(SET_PREFS, web.prefs())`. */
export const SET_PREFS = `async (prefs) => {
  for (const [name, value] of Object.entries(prefs)) {
    if (typeof value === 'boolean') Services.prefs.setBoolPref(name, value);
    else Services.prefs.setStringPref(name, value);
  }
}`;

export interface LinkServerOptions {
  /** The host names served (testHost()); other names do not resolve. */
  hosts: string[];
  /** Hosts without https: their TLS handshake is aborted. */
  httpOnly?: string[];
  /** Hosts without http: their http connections are cut. */
  httpsOnly?: string[];
  slowMs?: number;
  delayMs?: number;
  randomFailure?: (url: string) => boolean;
}

/** What answers a mounted name's requests (it records them itself: they are not in LinkServer.requests). */
export type MountedHandler = (req: IncomingMessage, res: ServerResponse, secure: boolean) => void;

export interface LinkServer {
  port: number;
  httpsPort: number;
  /** http://host/path (the name served on port 80, as Firefox sees it). */
  url(host: string, path: string): string;
  /** https://host/path. */
  secureUrl(host: string, path: string): string;
  /** An https address whose port speaks plain http: a TLS failure no certificate setting can accept. */
  tlsBroken(host: string, path: string): string;
  /** An http address on a port nothing listens on. */
  refused(host: string, path: string): string;
  /** The Firefox prefs that make the names resolve to these servers (set them before the first request). */
  prefs(): Record<string, string>;
  /** Every request: host (the Host header's name), scheme, method, path. */
  requests: { host: string; secure: boolean; method: string; path: string; at: number }[];
  /** The most requests each host had in flight at once. */
  maxInFlight: Map<string, number>;
  /** Forgets what was requested (the next request of each URL is its first again). */
  reset(): void;
  /** From now on /delay/* answers wait (however long) until release(): a check cannot end while the site holds. */
  hold(): void;
  /** Answers what hold() kept waiting (after `delayMs`), and answers /delay/* as usual again. */
  release(): void;
  /**
   * Serves `host` (any name: archive.org as well) with `handler` on these ports, and lists it in prefs() (mount
   * before setting them). Returns what stops serving it.
   */
  mount(host: string, handler: MountedHandler): () => void;
  close(): Promise<void>;
}

function selfSignedCert(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'tidymarks-cert-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=tidymarks.test', '-keyout', join(dir, 'k.pem'), '-out', join(dir, 'c.pem')],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'k.pem')), cert: readFileSync(join(dir, 'c.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startLinkServer(options: LinkServerOptions): Promise<LinkServer> {
  const requests: LinkServer['requests'] = [];
  const maxInFlight = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const seen = new Map<string, number>();
  const sockets = new Set<Socket>();
  const mounts = new Map<string, MountedHandler>();
  let port = 0;
  let httpsPort = 0;
  /** The answers hold() keeps waiting, or null when not holding. */
  let held: (() => void)[] | null = null;

  const handle = (secure: boolean) => (req: IncomingMessage, res: ServerResponse) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const mounted = mounts.get(host);
    if (mounted) return mounted(req, res, secure);
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    const key = `${secure ? 'https' : 'http'}://${host}${path}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    if (!secure && options.httpsOnly?.includes(host)) return req.socket.destroy();
    requests.push({ host, secure, method, path, at: Date.now() });
    inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
    maxInFlight.set(host, Math.max(maxInFlight.get(host) ?? 0, inFlight.get(host)!));
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      inFlight.set(host, inFlight.get(host)! - 1);
    };
    res.on('close', end);
    const send = (status: number, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(method === 'HEAD' ? undefined : `<!doctype html><title>${status}</title>`);
    };
    const rest = path.replace(/^\/[^/]+/, '');
    const kind = path.split('/')[1] ?? '';
    switch (kind) {
      case 'ok':
        return send(200);
      case 'moved':
        return send(301, { location: `/ok${rest}` });
      case 'chain':
        return send(301, { location: `/chain2${rest}` });
      case 'chain2':
        return send(308, { location: `/ok${rest}` });
      case 'temp':
        return send(302, { location: `/ok${rest}` });
      case 'see-other':
        return send(303, { location: `/ok${rest}` });
      case 'temp307':
        return send(307, { location: `/ok${rest}` });
      case 'gone':
        return send(404);
      case 'gone410':
        return send(410);
      case 'broken':
        return send(500);
      case 'down':
        return send(503);
      case 'upgrade':
        return secure ? send(200) : send(301, { location: `https://${host}${path}` });
      case 'upgrade302':
        return secure ? send(200) : send(302, { location: `https://${host}${path}` });
      case 'loop':
        return send(301, { location: `/loop2${rest}` });
      case 'loop2':
        return send(301, { location: `/loop${rest}` });
      case 'no-head':
        return method === 'HEAD' ? send(405) : send(200);
      case 'flaky':
        if (n === 0) return req.socket.destroy();
        return send(200);
      case 'rate':
        return n === 0 ? send(429, { 'retry-after': '1' }) : send(200);
      case 'busy':
        return n === 0 ? send(503, { 'retry-after': '1' }) : send(200);
      case 'slow':
        return void setTimeout(() => !res.destroyed && send(200), options.slowMs ?? 3000);
      case 'delay': {
        const answer = () => void setTimeout(() => !res.destroyed && send(200), options.delayMs ?? 50);
        return held ? void held.push(answer) : answer();
      }
      case 'fail-once-random':
        if (n === 0 && options.randomFailure?.(key)) return req.socket.destroy();
        return void setTimeout(() => !res.destroyed && send(200), options.delayMs ?? 50);
      default:
        return send(404);
    }
  };

  const track = (server: Server) => {
    server.on('connection', (s: Socket) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    return server;
  };
  const listen = (server: Server, p: number, address: string) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, address, () => resolve((server.address() as AddressInfo).port));
    });

  const { key, cert } = selfSignedCert();
  const http = track(createServer(handle(false)));
  const https = track(
    createTlsServer(
      {
        key,
        cert,
        // An http-only host has no https: its handshake fails, as on a server without port 443 for it.
        SNICallback: (name, done) => (options.httpOnly?.includes(name) ? done(new Error(`${name} serves no https`)) : done(null, undefined)),
      },
      handle(true),
    ) as unknown as Server,
  );
  const servers: Server[] = [http, https];
  port = await listen(http, 0, '127.0.0.1');
  httpsPort = await listen(https, 0, '127.0.0.1');
  // A port that was free a moment ago and is closed now: connections to it are refused.
  const probe = createTcpServer();
  const closedPort = await listen(probe as unknown as Server, 0, '127.0.0.1');
  await new Promise<void>((r) => probe.close(() => r()));
  return {
    port,
    httpsPort,
    url: (host, path) => `http://${host}${path}`,
    secureUrl: (host, path) => `https://${host}${path}`,
    tlsBroken: (host, path) => `https://${host}:${port}${path}`,
    refused: (host, path) => `http://${host}:${closedPort}${path}`,
    prefs: () => ({
      'network.dns.localDomains': [...options.hosts, ...mounts.keys()].join(','),
      'network.socket.forcePort': `80=${port};443=${httpsPort}`,
    }),
    requests,
    maxInFlight,
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    mount(host, handler) {
      if (mounts.has(host) || options.hosts.includes(host)) throw new Error(`${host} is already served`);
      mounts.set(host, handler);
      return () => void mounts.delete(host);
    },
    reset() {
      requests.length = 0;
      maxInFlight.clear();
      seen.clear();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    },
  };
}
