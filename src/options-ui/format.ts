/**
 * How the options pages write numbers, counts, positions, dates and durations: one place, Intl underneath. The pages
 * are written in English, so the locale is English too (a German number format inside an English sentence reads
 * wrong); Intl.PluralRules picks "copy" or "copies", "1st" or "2nd".
 */
import type { CleanupNumbers, CleanupOutcomeNumbers } from '../dedup';

export const LOCALE = 'en';

const numberFormat = new Intl.NumberFormat(LOCALE);
const cardinal = new Intl.PluralRules(LOCALE);
const ordinalRules = new Intl.PluralRules(LOCALE, { type: 'ordinal' });
const ORDINAL_SUFFIX: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** 1587 -> "1,587". */
export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

/** count(1, 'copy', 'copies') -> "1 copy"; count(1587, 'copy', 'copies') -> "1,587 copies". */
export function count(n: number, one: string, other: string): string {
  return `${formatNumber(n)} ${cardinal.select(n) === 'one' ? one : other}`;
}

/** The word alone, for the number n: noun(2, 'group', 'groups') -> "groups". */
export function noun(n: number, one: string, other: string): string {
  return cardinal.select(n) === 'one' ? one : other;
}

/** 1 -> "1st", 2 -> "2nd", 3 -> "3rd", 11 -> "11th", 22 -> "22nd". */
export function ordinal(n: number): string {
  return `${formatNumber(n)}${ORDINAL_SUFFIX[ordinalRules.select(n)] ?? 'th'}`;
}

const dateOnly = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const dateTimeSeconds = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'medium' });

/** A date with the time of day ("Nov 14, 2023, 10:13 PM"). */
export function formatDateTime(ms: number): string {
  return dateTime.format(ms);
}

/**
 * Labels for dates that must tell things apart: the date alone when that suffices, with the time when two fall on
 * the same day, with seconds when two fall in the same minute.
 */
export function distinctDates(dates: readonly number[]): string[] {
  for (const format of [dateOnly, dateTime, dateTimeSeconds]) {
    const labels = dates.map((d) => format.format(d));
    if (new Set(labels).size === labels.length || format === dateTimeSeconds) return labels;
  }
  return [];
}

const secondsFormat = new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'second', unitDisplay: 'long' });
const minutesFormat = new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'minute', unitDisplay: 'long' });

/** An estimate of time left, rounded the way people say it: "about 12 seconds", "about 3 minutes". */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `about ${secondsFormat.format(seconds)}`;
  return `about ${minutesFormat.format(Math.round(seconds / 60))}`;
}

/** Elapsed time: "0.4 s", "2.1 s", "1 min 12 s". */
export function formatElapsed(ms: number): string {
  if (ms < 60_000) return `${new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(ms / 1000)} s`;
  const total = Math.round(ms / 1000);
  return `${formatNumber(Math.floor(total / 60))} min ${formatNumber(total % 60)} s`;
}

/**
 * The one sentence for a cleanup's numbers, used by the summary, the preview, the confirm dialog, the result and the
 * history (cleanup-numbers.ts defines the units): "1,587 copies to remove: 787 loose, 800 inside 2 copied folders;
 * and 2 empty folders". `done` writes what happened instead of what will ("1,587 copies removed: …").
 */
export function describeCleanup(n: CleanupNumbers | CleanupOutcomeNumbers, tense: 'plan' | 'done'): string {
  const verb = tense === 'plan' ? 'to remove' : 'removed';
  const parts: string[] = [];
  if (n.copies === 0 && n.copiedFolders === 0 && n.emptyFolders > 0) {
    // Only empty folders: say what happens to them, not what does not happen.
    parts.push(`${count(n.emptyFolders, 'empty folder', 'empty folders')} ${verb}`);
  } else if (n.copies === 0) parts.push(tense === 'plan' ? 'No copies to remove' : 'No copies removed');
  else {
    const head = `${count(n.copies, 'copy', 'copies')} ${verb}`;
    if (n.copiedFolders === 0) parts.push(head);
    else if (n.loose === 0) parts.push(`${head}, all inside ${count(n.copiedFolders, 'copied folder', 'copied folders')}`);
    else parts.push(`${head}: ${formatNumber(n.loose)} loose, ${formatNumber(n.insideFolders)} inside ${count(n.copiedFolders, 'copied folder', 'copied folders')}`);
  }
  if (n.copies === 0 && n.copiedFolders > 0) parts.push(`${count(n.copiedFolders, 'copied folder', 'copied folders')} (holding nothing else)`);
  if (n.emptyFolders && (n.copies > 0 || n.copiedFolders > 0)) parts.push(`and ${count(n.emptyFolders, 'empty folder', 'empty folders')}`);
  if (n.moved) parts.push(`${count(n.moved, 'item', 'items')} ${tense === 'plan' ? 'to move' : 'moved'} into the folders that stay`);
  if (n.tagMerges) parts.push(`tags ${tense === 'plan' ? 'to merge' : 'merged'} onto ${count(n.tagMerges, 'address', 'addresses')}`);
  if ('skipped' in n && n.skipped) parts.push(`${count(n.skipped, 'item', 'items')} left as they were`);
  return parts.join('; ');
}
