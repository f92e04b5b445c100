/**
 * The Link health view's side of the check, which runs in the background (src/link-health/check-runner.ts), not in
 * the view: watched as every background run is (use-background-run.ts), with start, pause, continue and cancel.
 */
import type { Client } from '../../app-protocol';
import type { CheckProgress, CheckStatus } from '../../link-health/protocol';
import { useBackgroundRun } from './use-background-run';

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

const askStatus = (client: Client) => client.call('links.status', {});

export function useLinkCheck(client: Client, on: { ended(how: CheckEnded): void; error(e: unknown): void }): LinkCheck {
  const check = useBackgroundRun<CheckProgress>(client, askStatus, {
    ended: (how) => on.ended(how.kind === 'finished' ? { kind: 'finished', checked: how.run.done } : how),
    error: (e) => on.error(e),
  });
  const { status } = check;
  const paused = status?.state === 'paused';
  return {
    current: check.starting ? { status: null, paused: false } : status && status.state !== 'idle' ? { status, paused } : null,
    start: (mode) => check.act(client.call('links.start', { mode }), true),
    togglePause() {
      void check.act(paused ? client.call('links.start', { mode: 'resume' }) : client.call('links.pause', {}));
    },
    cancel() {
      void check.act(client.call('links.cancel', {}));
    },
  };
}
