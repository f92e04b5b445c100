/**
 * In-memory browser.history, faithful to Firefox ESR's ext-history as measured by tests/contract:
 * - search: words (AND, case-insensitive) anywhere in title or URL, pages with a visit in [startTime, endTime]
 *   (inclusive; startTime defaults to 24 hours ago, maxResults to 100), most recent visit first; items carry id,
 *   url, title (null when empty), lastVisitTime and visitCount (over all visits; reloads and frame visits are not
 *   counted).
 * - addUrl stores link, typed, auto_bookmark, manual_subframe and reload visits, drops auto_subframe (embedded)
 *   visits, refuses the other transitions and visits in the future; a visit without title keeps the page's title.
 * - onVisited items also carry typedCount and count every visit; onTitleChanged fires when a known page's title
 *   changes; getVisits lists newest first with referringVisitId "0".
 * - deleteUrl/deleteRange fire onVisitRemoved only for pages that are gone; deleteAll fires {allHistory: true}.
 */
import type { HistoryItem } from '../../src/platform/browser';
import type { EventHub } from './events';

export type TransitionType =
  'link' | 'typed' | 'auto_bookmark' | 'auto_subframe' | 'manual_subframe' | 'generated' | 'auto_toplevel' | 'form_submit' | 'reload' | 'keyword' | 'keyword_generated';

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

/** The transitions ext-history can store, with Places' numeric codes (the others are refused). */
const PLACES_TRANSITION: Partial<Record<TransitionType, number>> = {
  link: 1,
  typed: 2,
  auto_bookmark: 3,
  auto_subframe: 4,
  manual_subframe: 8,
  reload: 9,
};

/** Visits Places keeps but does not count in visitCount (frames, reloads); embedded visits are not kept at all. */
const UNCOUNTED: readonly string[] = ['manual_subframe', 'reload'];
const NOT_KEPT: readonly string[] = ['auto_subframe'];

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
  /** '' until a visit brings a title; search reports '' as null. */
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

/** Validates a time as Firefox's schema does (integer ms, Date, or a date string) and returns it in ms. */
function checkTime(time: unknown, parameter: string, property: string, method: string): number | undefined {
  if (time === undefined || time === null) return undefined;
  if (time instanceof Date || (typeof time === 'number' && Number.isInteger(time))) return toMs(time);
  if (typeof time === 'string' && !/^\d+$/.test(time) && !Number.isNaN(Date.parse(time))) return toMs(time);
  return schemaError(
    parameter,
    `Error processing ${property}: Value ${JSON.stringify(time)} must either: match the format "date", be an integer value, or be an object value`,
    method,
  );
}

function toMs(time: number | string | Date): number {
  if (time instanceof Date) return time.getTime();
  if (typeof time === 'string') return new Date(time).getTime();
  return time;
}

const UNEXPECTED = 'An unexpected error occurred';

/** Schemes Places never keeps in history (nsNavHistory::CanAddURI). */
const UNSTORABLE_SCHEMES: readonly string[] = [
  'about:',
  'imap:',
  'news:',
  'mailbox:',
  'moz-anno:',
  'view-source:',
  'chrome:',
  'resource:',
  'data:',
  'javascript:',
  'blob:',
  'moz-extension:',
];

function parseUrlOrNull(url: string): string | null {
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
}

function schemaError(parameter: string, detail: string, method: string): never {
  throw new Error(`Type error for parameter ${parameter} (${detail}) for history.${method}.`);
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

  /** A history.search result: Firefox leaves out typedCount and reports a missing title as null. */
  function toSearchItem(page: Page): HistoryItem {
    return {
      id: page.guid,
      url: page.url,
      title: (page.title || null) as string,
      lastVisitTime: lastVisit(page),
      visitCount: counted(page).length,
    };
  }

  /** The item onVisited carries. */
  function toVisitedItem(page: Page): HistoryItem {
    return {
      id: page.guid,
      url: page.url,
      title: page.title,
      lastVisitTime: lastVisit(page),
      visitCount: page.visits.length,
      typedCount: page.visits.filter((v) => v.transition === 'typed').length,
    };
  }

  /** Parses a URL Places can store; anything else is refused with Firefox's unhelpful message. */
  function storableUrl(url: string): string {
    const href = parseUrlOrNull(url);
    if (href === null || UNSTORABLE_SCHEMES.includes(new URL(href).protocol)) throw new Error(UNEXPECTED);
    return href;
  }

  const api = {
    ...events,

    addUrl(details: { url: string; title?: string; transition?: TransitionType; visitTime?: number | string | Date }): Promise<void> {
      const transition = details.transition ?? 'link';
      if (!TRANSITIONS.includes(transition)) schemaError('details', `Error processing transition: Invalid enumeration value ${JSON.stringify(transition)}`, 'addUrl');
      const visitTime = checkTime(details.visitTime, 'details', 'visitTime', 'addUrl');
      const code = PLACES_TRANSITION[transition];
      if (code === undefined) return Promise.reject(new Error(`|${transition}| is not a supported transition for history`));
      const href = parseUrlOrNull(details.url);
      if (href === null) return Promise.reject(new Error(`PageInfo: Invalid value for property 'url': ${JSON.stringify(details.url)}`));
      return Promise.resolve().then(() => {
        const time = visitTime ?? now();
        if (time > now()) {
          throw new Error(`PageInfo: Invalid value for property 'visits': ${JSON.stringify([{ transition: code, date: new Date(time) }])}`);
        }
        const url = storableUrl(href);
        if (NOT_KEPT.includes(transition)) return;
        let page = pages.get(url);
        const known = page !== undefined;
        if (!page) {
          page = { guid: newGuid(), url, title: '', visits: [] };
          pages.set(url, page);
        }
        const titleChanged = known && details.title != null && details.title !== page.title;
        if (details.title != null) page.title = details.title;
        page.visits.push({ visitId: String(nextVisitId++), time, transition });
        events.onVisited.emit(toVisitedItem(page));
        if (titleChanged) events.onTitleChanged.emit({ id: page.guid, url: page.url, title: page.title });
      });
    },

    search(query: HistorySearchQuery): Promise<HistoryItem[]> {
      if (typeof query?.text !== 'string') schemaError('query', 'Property "text" is required', 'search');
      if (query.maxResults !== undefined && query.maxResults !== null && query.maxResults < 1) {
        schemaError('query', `Error processing maxResults: Integer ${query.maxResults} is too small (must be at least 1)`, 'search');
      }
      const startTime = checkTime(query.startTime, 'query', 'startTime', 'search');
      const endTime = checkTime(query.endTime, 'query', 'endTime', 'search');
      return Promise.resolve().then(() => {
        const start = startTime ?? now() - DAY_MS;
        const end = endTime ?? Number.MAX_VALUE;
        if (start > end) throw new Error('The startTime cannot be after the endTime');
        const wanted = words(query.text);
        return [...pages.values()]
          .filter((page) => page.visits.some((v) => v.time >= start && v.time <= end))
          .filter((page) => {
            const haystacks = [page.url.toLowerCase(), page.title.toLowerCase()];
            return wanted.every((w) => haystacks.some((h) => h.includes(w)));
          })
          .sort((a, b) => lastVisit(b) - lastVisit(a))
          .slice(0, query.maxResults || 100)
          .map(toSearchItem);
      });
    },

    async getVisits(details: { url: string }): Promise<VisitItem[]> {
      const page = pages.get(storableUrl(details.url));
      if (!page) return [];
      return page.visits
        .slice()
        .sort((a, b) => b.time - a.time)
        .map((v) => ({ id: page.guid, visitId: v.visitId, visitTime: v.time, referringVisitId: '0', transition: v.transition }));
    },

    async deleteUrl(details: { url: string }): Promise<void> {
      const url = storableUrl(details.url);
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
