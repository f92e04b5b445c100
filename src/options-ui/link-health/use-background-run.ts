/**
 * A view's side of a run that belongs to the background (src/link-health/background-run.ts: the link check, the
 * Wayback lookup), not to the view: the view asks for its status when it opens and every POLL_MS while it runs, so
 * any page that opens shows its progress, and switching views or closing the page does not stop it. Start, pause,
 * continue and cancel are requests answered with the status; whichever page made them, every page sees the outcome
 * at its next status.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Client } from '../../app-protocol';
import type { RunStatus } from '../../link-health/protocol';

/** How often a view asks for the progress of a running run. */
export const POLL_MS = 400;

/** How a run this view watched ended: finished (with its figures), cancelled, or failed (with why). */
export type RunEnded<P> = { kind: 'finished'; run: P } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

export interface WatchedRun<P> {
  /** The background's last answer (null before the first). */
  status: RunStatus<P> | null;
  /** A start was asked for and not answered yet. */
  starting: boolean;
  /** Makes a request answered with the status (start, pause, continue, cancel) and shows its answer. */
  act(call: Promise<RunStatus<P>>, starting?: boolean): Promise<void>;
}

/**
 * Watches the run `ask` asks about (only while `enabled`): `on.ended` hears how a run this view saw under way
 * ended, `on.error` what a request failed with.
 */
export function useBackgroundRun<P>(
  client: Client,
  ask: (client: Client) => Promise<RunStatus<P>>,
  on: { ended(how: RunEnded<P>): void; error(e: unknown): void },
  enabled = true,
): WatchedRun<P> {
  const [status, setStatus] = useState<RunStatus<P> | null>(null);
  const [starting, setStarting] = useState(false);
  const watched = useRef<string | null>(null);
  const handlers = useRef({ ask, on });
  handlers.current = { ask, on };

  const take = (next: RunStatus<P>) => {
    const id = next.run?.id ?? null;
    if (next.state !== 'idle') watched.current = id;
    else if (watched.current !== null && watched.current === id && next.run) {
      watched.current = null;
      const { run } = next;
      if (run.finishedAt !== null) handlers.current.on.ended({ kind: 'finished', run });
      else if (run.error) handlers.current.on.ended({ kind: 'failed', message: run.error.message });
      else handlers.current.on.ended({ kind: 'cancelled' });
    }
    setStatus(next);
  };

  // The status when the view opens, then again every POLL_MS while the run runs.
  const running = status?.state === 'running';
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = () =>
      handlers.current
        .ask(client)
        .then((next) => {
          if (!live) return;
          take(next);
          if (next.state === 'running') timer = setTimeout(again, POLL_MS);
        })
        .catch((e: unknown) => live && handlers.current.on.error(e));
    if (running) timer = setTimeout(again, POLL_MS);
    else void again();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, running, enabled]);

  return {
    status,
    starting,
    async act(call, isStart = false) {
      if (isStart) setStarting(true);
      try {
        await call.then(take, (e: unknown) => handlers.current.on.error(e));
      } finally {
        if (isStart) setStarting(false);
      }
    },
  };
}
