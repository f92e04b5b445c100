/**
 * The Link health view's side of the check, which runs in the background (src/link-health/check-runner.ts), not in
 * the view: the view asks for its status when it opens and every POLL_MS while it runs, so any page that opens
 * shows its progress, and switching views or closing the page does not stop it. Start, pause, continue and cancel
 * are requests; whichever page made them, every page sees the outcome at its next status.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Client } from '../../app-protocol';
import type { CheckStatus } from '../../link-health/protocol';

/** How often a view asks for the progress of a running check. */
export const POLL_MS = 400;

export type CheckMode = 'stale' | 'all' | 'resume';

/** How a check this view watched run ended: finished (with its figures), cancelled, or failed (with why). */
export type CheckEnded = { kind: 'finished'; checked: number } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

export interface LinkCheck {
  /** The check under way (running or paused), or null; `starting` before the background's first answer. */
  current: { status: CheckStatus | null; paused: boolean } | null;
  start(mode: CheckMode): Promise<void>;
  togglePause(): void;
  cancel(): void;
}

export function useLinkCheck(client: Client, on: { ended(how: CheckEnded): void; error(e: unknown): void }): LinkCheck {
  const [status, setStatus] = useState<CheckStatus | null>(null);
  const [starting, setStarting] = useState(false);
  const watched = useRef<string | null>(null);
  const handlers = useRef(on);
  handlers.current = on;

  const take = (next: CheckStatus) => {
    const id = next.run?.id ?? null;
    if (next.state !== 'idle') watched.current = id;
    else if (watched.current !== null && watched.current === id && next.run) {
      watched.current = null;
      const { run } = next;
      if (run.finishedAt !== null) handlers.current.ended({ kind: 'finished', checked: run.done });
      else if (run.error) handlers.current.ended({ kind: 'failed', message: run.error.message });
      else handlers.current.ended({ kind: 'cancelled' });
    }
    setStatus(next);
  };

  // The status when the view opens, then again every POLL_MS while the check runs.
  const running = status?.state === 'running';
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () =>
      client.call('links.status', {}).then(
        (next) => {
          if (!live) return;
          take(next);
          if (next.state === 'running') timer = setTimeout(ask, POLL_MS);
        },
        (e: unknown) => live && handlers.current.error(e),
      );
    if (running) timer = setTimeout(ask, POLL_MS);
    else void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, running]);

  const act = (call: Promise<CheckStatus>) =>
    call.then(take, (e: unknown) => {
      handlers.current.error(e);
    });

  const paused = status?.state === 'paused';
  return {
    current: starting ? { status: null, paused: false } : status && status.state !== 'idle' ? { status, paused } : null,
    async start(mode) {
      setStarting(true);
      try {
        await act(client.call('links.start', { mode }));
      } finally {
        setStarting(false);
      }
    },
    togglePause() {
      void act(paused ? client.call('links.start', { mode: 'resume' }) : client.call('links.pause', {}));
    },
    cancel() {
      void act(client.call('links.cancel', {}));
    },
  };
}
