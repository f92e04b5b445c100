/**
 * A snapshot address in the link check: the archive answers a snapshot's address with a redirect to the capture's
 * exact moment (`/web/2019/...` to `/web/20190503120000/...`). That is the archive finding the copy, not the page
 * moving: a verdict of moved or redirected whose target is a snapshot of the same address is the copy answering (ok).
 */
import { parseSnapshotAddress } from '../../url-matching';
import type { LinkVerdict } from '../types';

export function snapshotVerdict<V extends LinkVerdict>(verdict: V): V {
  if (verdict.class !== 'moved' && verdict.class !== 'redirected') return verdict;
  const from = parseSnapshotAddress(verdict.url);
  const to = verdict.finalUrl === null ? null : parseSnapshotAddress(verdict.finalUrl);
  if (!from || !to || stripScheme(from.original) !== stripScheme(to.original)) return verdict;
  return { ...verdict, class: 'ok', finalUrl: null };
}

const stripScheme = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
