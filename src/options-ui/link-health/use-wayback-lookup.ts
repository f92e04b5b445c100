/**
 * The Wayback rescue's side of the lookup, which runs in the background (src/link-health/wayback/lookup-run.ts), not
 * in the view: watched as every background run is (use-background-run.ts), so the view opened again shows a lookup
 * still under way; start and cancel are requests.
 */
import type { Client } from '../../app-protocol';
import type { LookupProgress, LookupStatus } from '../../link-health/protocol';
import { useBackgroundRun, type RunEnded } from './use-background-run';

export interface WaybackLookup {
  /** The lookup under way, or null; `status` null before the background's first answer to a start. */
  current: { status: LookupStatus | null } | null;
  start(): Promise<void>;
  cancel(): void;
}

const askStatus = (client: Client) => client.call('links.wayback.status', {});

/** Watches the lookup while `enabled` (there are dead bookmarks to look up). */
export function useWaybackLookup(client: Client, enabled: boolean, on: { ended(how: RunEnded<LookupProgress>): void; error(e: unknown): void }): WaybackLookup {
  const lookup = useBackgroundRun<LookupProgress>(client, askStatus, on, enabled);
  const { status } = lookup;
  return {
    current: lookup.starting ? { status: null } : status && status.state !== 'idle' ? { status } : null,
    start: () => lookup.act(client.call('links.wayback.start', {}), true),
    cancel() {
      void lookup.act(client.call('links.wayback.cancel', {}));
    },
  };
}
