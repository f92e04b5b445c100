/**
 * In-memory browser.history, faithful to Firefox's ext-history: pages with visits, search by words over title and
 * URL within [startTime, endTime] (startTime defaults to 24 hours ago, maxResults to 100), newest visit first;
 * getVisits newest first; deleteUrl/deleteAll/deleteRange fire onVisitRemoved.
 */
import type { HistoryItem } from '../../src/platform/browser';
import type { EventHub } from './events';

export type TransitionType =
  | 'link'
  | 'typed'
  | 'auto_bookmark'
  | 'auto_subframe'
  | 'manual_subframe'
  | 'generated'
  | 'auto_toplevel'
  | 'form_submit'
  | 'reload'
  | 'keyword'
  | 'keyword_generated';

const TRANSITIONS: readonly string[] = [
  'link',
  'typed',
  'auto_bookmark',
  'auto_subframe',
  'manual_subframe',
  'generated',
  'auto_toplevel',
  'form_submit',
  'reload',
  'keyword',
  'keyword_generated',
];

/** Transitions Places does not count in visitCount (embedded frames, reloads). */
const UNCOUNTED: readonly string[] = ['auto_subframe', 'manual_subframe', 'reload'];

export interface VisitItem {
  id: string;
  visitId: string;
  visitTime: number;
  referringVisitId: string;
  transition: TransitionType;
}

interface Visit {
  visitId: string;
  time: number;
  transition: TransitionType;
}

interface Page {
  guid: string;
  url: string;
  title: string;
  visits: Visit[];
}

export interface HistorySearchQuery {
  text: string;
  startTime?: number | string | Date;
  endTime?: number | string | Date;
  maxResults?: number;
}

export interface FakeHistoryOptions {
  hub: EventHub;
  now: () => number;
  newGuid: () => string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function toMs(time: number | string | Date): number {
  if (time instanceof Date) return time.getTime();
  if (typeof time === 'string') return new Date(time).getTime();
  return time;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0);
}

export function createFakeHistory({ hub, now, newGuid }: FakeHistoryOptions) {
  const pages = new Map<string, Page>();
  let nextVisitId = 1;

  const events = {
    onVisited: hub.event<(item: HistoryItem) => void>(),
    onVisitRemoved: hub.event<(removed: { allHistory: boolean; urls: string[] }) => void>(),
    onTitleChanged: hub.event<(changed: { url: string; title: string; id: string }) => void>(),
  };

  const counted = (page: Page) => page.visits.filter((v) => !UNCOUNTED.includes(v.transition));
  const lastVisit = (page: Page) => page.visits.reduce((max, v) => Math.max(max, v.time), 0);

  function toItem(page: Page): HistoryItem {
    return {
      id: page.guid,
      url: page.url,
      title: page.title,
      lastVisitTime: lastVisit(page),
      visitCount: counted(page).length,
      typedCount: page.visits.filter((v) => v.transition === 'typed').length,
    };
  }

  function parseUrl(url: string): string {
    try {
      return new URL(url).href;
    } catch {
      throw new Error(`Invalid URL provided: ${url}`);
    }
  }

  const api = {
    ...events,

    async addUrl(details: { url: string; title?: string; transition?: TransitionType; visitTime?: number | string | Date }): Promise<void> {
      const transition = details.transition ?? 'link';
      if (!TRANSITIONS.includes(transition)) throw new Error(`Invalid transition type: ${transition}`);
      const url = parseUrl(details.url);
      const time = details.visitTime !== undefined ? toMs(details.visitTime) : now();
      let page = pages.get(url);
      if (!page) {
        page = { guid: newGuid(), url, title: '', visits: [] };
        pages.set(url, page);
      }
      const titleChanged = details.title !== undefined && details.title !== page.title;
      if (details.title !== undefined) page.title = details.title;
      page.visits.push({ visitId: String(nextVisitId++), time, transition });
      events.onVisited.emit(toItem(page));
      if (titleChanged) events.onTitleChanged.emit({ url: page.url, title: page.title, id: page.guid });
    },

    async search(query: HistorySearchQuery): Promise<HistoryItem[]> {
      const start = query.startTime === undefined || query.startTime === null ? now() - DAY_MS : toMs(query.startTime);
      const end = query.endTime === undefined || query.endTime === null ? Number.MAX_VALUE : toMs(query.endTime);
      if (start > end) throw new Error('The startTime cannot be after the endTime');
      const maxResults = query.maxResults || 100;
      const wanted = words(query.text);
      return [...pages.values()]
        .filter((page) => page.visits.some((v) => v.time >= start && v.time <= end))
        .filter((page) => {
          const haystack = `${page.url} ${page.title}`.toLowerCase();
          return wanted.every((w) => haystack.includes(w));
        })
        .sort((a, b) => lastVisit(b) - lastVisit(a))
        .slice(0, maxResults)
        .map(toItem);
    },

    async getVisits(details: { url: string }): Promise<VisitItem[]> {
      const page = pages.get(parseUrl(details.url));
      if (!page) return [];
      return page.visits
        .slice()
        .sort((a, b) => b.time - a.time)
        .map((v) => ({ id: page.guid, visitId: v.visitId, visitTime: v.time, referringVisitId: '-1', transition: v.transition }));
    },

    async deleteUrl(details: { url: string }): Promise<void> {
      const url = parseUrl(details.url);
      if (pages.delete(url)) events.onVisitRemoved.emit({ allHistory: false, urls: [url] });
    },

    async deleteRange(range: { startTime: number | string | Date; endTime: number | string | Date }): Promise<void> {
      const start = toMs(range.startTime);
      const end = toMs(range.endTime);
      if (start > end) throw new Error('The startTime cannot be after the endTime');
      const emptied: string[] = [];
      for (const page of pages.values()) {
        page.visits = page.visits.filter((v) => v.time < start || v.time > end);
        if (page.visits.length === 0) emptied.push(page.url);
      }
      for (const url of emptied) pages.delete(url);
      if (emptied.length > 0) events.onVisitRemoved.emit({ allHistory: false, urls: emptied });
    },

    async deleteAll(): Promise<void> {
      pages.clear();
      events.onVisitRemoved.emit({ allHistory: true, urls: [] });
    },
  };

  return { api };
}
