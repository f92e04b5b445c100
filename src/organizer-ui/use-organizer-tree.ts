/**
 * The organizer's tree on a page: subscribes to the Places events first, then reads one snapshot, and applies
 * every event to it. The view re-renders once per animation frame however many events came (a sync burst is one
 * render); an event that does not fit the mirror (`exact` turns false) reads a new snapshot, keeping whatever the
 * view holds (selection, scroll, expanded folders) since those are ids and positions of the view, not of the tree.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../app-protocol';
import { errorMessage } from '../platform/bookmark-reads';
import { decodeSnapshot } from '../organizer';
import { OrganizerTree } from '../organizer';
import type { PlacesEvent } from '@tidymarks/places';
import { createPagePlaces } from '../places';

/** Marked when the work after the first render (search text, copy counts, visits) has finished. */
export const SETTLED_MARK = 'tidymarks-organizer-settled';

export interface OrganizerTreeState {
  tree: OrganizerTree | null;
  /** Changes on every change of the tree: a dependency for memoized rows. */
  version: number;
  error: string | null;
}

export function useOrganizerTree(client: Client): OrganizerTreeState {
  const [state, setState] = useState<OrganizerTreeState>({ tree: null, version: 0, error: null });
  useEffect(() => {
    let tree: OrganizerTree | null = null;
    let pending: PlacesEvent[] = [];
    let frame = 0;
    let loading = false;
    let closed = false;
    let version = 0;
    const places = createPagePlaces(client);
    const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
    /** Resolves once the frame after now has been rendered and painted. */
    const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const publish = () => {
      frame = 0;
      if (!closed && tree) setState({ tree, version: ++version, error: null });
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(publish);
    };
    const load = async () => {
      if (loading) return;
      loading = true;
      try {
        // Events that arrive while the snapshot travels are applied to it afterwards; one it already holds makes
        // the mirror inexact, and the loop reads again.
        pending = [];
        const next = OrganizerTree.fromSnapshot(decodeSnapshot((await client.call('organizer.tree', {})).encoded));
        if (closed) return;
        const previous = tree;
        if (previous) for (const [url, visits] of previous.visitEntries()) next.setVisits(url, visits);
        for (const event of pending) next.apply(event);
        pending = [];
        tree = next;
        publish();
        if (!tree.exact) void reload();
        else if (previous) {
          // A tree read again: its copies and search text are built again in the background (see the first load).
          if (previous.copiesCounted) void next.countCopiesInSlices(pause).then(() => (next.version++, schedule()));
          void next.prepareSearch(pause);
        }
      } catch (error) {
        if (!closed) setState((s) => ({ ...s, error: errorMessage(error) }));
      } finally {
        loading = false;
      }
    };
    const reload = async () => {
      await load();
    };
    const onEvent = (event: PlacesEvent) => {
      if (loading || !tree) {
        pending.push(event);
        return;
      }
      tree.apply(event);
      if (!tree.exact) void reload();
      else schedule();
    };
    // The tree is asked for at once, not after the subscription is acknowledged: events that the snapshot already
    // holds make the mirror inexact (and it reads again), so nothing is lost either way, and the page opens sooner.
    places.events.on('data', onEvent);
    void (async () => {
      await load();
      // Copies after the first render: keying every URL is the slowest part of building the mirror.
      await nextPaint();
      const loaded = tree as OrganizerTree | null;
      if (closed || !loaded) return;
      // Both in slices: someone may type or scroll meanwhile (100,000 texts to fold, 100,000 URLs to key). The
      // search text first: typing is what comes soonest after opening.
      await loaded.prepareSearch(pause);
      if (closed) return;
      await loaded.countCopiesInSlices(pause);
      if (closed) return;
      loaded.version++;
      schedule();
      // Visits come from the search index, after the first render.
      try {
        const { visits } = await client.call('organizer.visits', {});
        const current = tree as OrganizerTree | null;
        if (closed || !current) return;
        for (const [url, count, lastVisit] of visits) current.setVisits(url, { count, lastVisit });
        current.version++;
        schedule();
      } catch {
        // The Visits columns stay empty; everything else works.
      }
      // The page's own work after opening is done once the visits are on screen (bench/organizer.bench.ts types its
      // measured queries from here).
      await nextPaint();
      if (!closed) performance.mark(SETTLED_MARK);
    })();
    return () => {
      closed = true;
      places.events.off('data', onEvent);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [client]);
  return state;
}
