/**
 * What the rest of Tidymarks shows of a link's health next to a bookmark (the Duplicates page's copies, the popup's
 * results and current page): a marker for a URL the check found moved for good or dead, from what the background
 * already holds (the store's marked verdicts), one lookup by exact URL. Temporary redirects and good links get none.
 * Type-only for the pages: the popup imports it without the store.
 */
import type { FailureKind, LinkClass, LinkVerdict } from './types';

export type MarkedClass = Extract<LinkClass, 'moved' | 'gone' | 'server-error' | 'unreachable'>;

export const MARKED_CLASSES: readonly MarkedClass[] = ['moved', 'gone', 'server-error', 'unreachable'];

/** Dead: what a fix may remove or move to a folder (every one of them confirmed by a second check). */
export const DEAD_CLASSES: ReadonlySet<LinkClass> = new Set(['gone', 'server-error', 'unreachable']);

export interface LinkMarker {
  class: MarkedClass;
  status: number | null;
  failure: FailureKind | null;
  /** moved: where the address leads now. */
  finalUrl: string | null;
  /** moved: the http address gets no answer and its https twin (`finalUrl`) works; nothing redirected it. */
  overHttps?: true;
  checks: number;
  checkedAt: number;
}

export const isMarked = (cls: LinkClass): cls is MarkedClass => (MARKED_CLASSES as readonly LinkClass[]).includes(cls);

/** The marker of a verdict, or null when it calls for none. */
export function markerOf(verdict: LinkVerdict): LinkMarker | null {
  if (!isMarked(verdict.class)) return null;
  const marker: LinkMarker = {
    class: verdict.class,
    status: verdict.status,
    failure: verdict.failure,
    finalUrl: verdict.finalUrl,
    checks: verdict.checks,
    checkedAt: verdict.checkedAt,
  };
  return verdict.class === 'moved' && verdict.overHttps ? { ...marker, overHttps: true } : marker;
}
