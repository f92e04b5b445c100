/**
 * A loopback web for link health tests: one HTTP server per 127.0.0.x address (Linux routes all of 127.0.0.0/8 to
 * loopback without setup), all on one port, plus an HTTPS server with a throwaway self-signed certificate (Firefox is
 * launched with acceptInsecureCerts) for http→https upgrades. What each path answers is in `answer()`. The server
 * records every request, the most requests it had in flight per host at once, and closes everything on close().
 *
 * Paths (any host): /ok/*, /moved/* (301 to /ok/*), /chain/* (301 → 308 → /ok/*), /temp/* (302 to /ok/*),
 * /see-other/* (303), /temp307/* (307), /gone/* (404), /gone410/* (410), /broken/* (500), /upgrade/* (301 to the
 * same path on https), /no-head/* (405 to HEAD, 200 to GET), /flaky/* (the first request of each URL has its
 * connection cut), /rate/* (the first request of each URL gets 429 Retry-After: 1), /busy/* (503 Retry-After: 1,
 * then 200), /slow/* (answers after `slowMs`), /down/* (503 forever, no Retry-After), /delay/* (200 after
 * `delayMs`), /fail-once-random/* (the first request fails when `randomFailure(url)` says so).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LinkServerOptions {
  /** The last octets of the 127.0.0.x addresses to serve (others refuse connections). */
  hosts: number[];
  slowMs?: number;
  delayMs?: number;
  randomFailure?: (url: string) => boolean;
}

export interface LinkServer {
  port: number;
  httpsPort: number;
  url(host: number, path: string): string;
  /** Every request: host (127.0.0.x), method, path, when it started and ended. */
  requests: { host: string; method: string; path: string }[];
  /** The most requests each host had in flight at once. */
  maxInFlight: Map<string, number>;
  /** Forgets what was requested (the next request of each URL is its first again). */
  reset(): void;
  close(): Promise<void>;
}

function selfSignedCert(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'tidymarks-cert-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-keyout', join(dir, 'k.pem'), '-out', join(dir, 'c.pem')],
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
  let port = 0;
  let httpsPort = 0;

  const handle = (secure: boolean) => (req: IncomingMessage, res: ServerResponse) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    const key = `${secure ? 'https' : 'http'}://${host}${path}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    requests.push({ host, method, path });
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
        return secure ? send(200) : send(301, { location: `https://${host}:${httpsPort}${path}` });
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
      case 'delay':
        return void setTimeout(() => !res.destroyed && send(200), options.delayMs ?? 50);
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

  const servers: Server[] = [];
  const { key, cert } = selfSignedCert();
  for (const [i, octet] of options.hosts.entries()) {
    const http = track(createServer(handle(false)));
    const https = track(createTlsServer({ key, cert }, handle(true)) as unknown as Server);
    servers.push(http, https);
    const address = `127.0.0.${octet}`;
    if (i === 0) {
      port = await listen(http, 0, address);
      httpsPort = await listen(https, 0, address);
    } else {
      await listen(http, port, address);
      await listen(https, httpsPort, address);
    }
  }
  return {
    port,
    httpsPort,
    url: (host, path) => `http://127.0.0.${host}:${port}${path}`,
    requests,
    maxInFlight,
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
