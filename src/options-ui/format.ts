/**
 * What the options pages write beyond single messages: positions, dates that must tell things apart and durations
 * (the sentence for a cleanup's numbers and an operation's words are shared with the other pages:
 * src/operation-words). Words come from the catalog (src/i18n), numbers and dates from Intl in the UI's locale.
 */
import { formatDate, formatNumber, t } from '../i18n';

export { ordinal } from '../i18n';

const DATE_ONLY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const DATE_TIME_SECONDS: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

/** A date with the time of day ("Nov 14, 2023, 10:13 PM"; "14.11.2023, 22:13" in German). */
export function formatDateTime(ms: number): string {
  return formatDate(ms, DATE_TIME);
}

/**
 * Labels for dates that must tell things apart: the date alone when that suffices, with the time when two fall on
 * the same day, with seconds when two fall in the same minute.
 */
export function distinctDates(dates: readonly number[]): string[] {
  for (const options of [DATE_ONLY, DATE_TIME, DATE_TIME_SECONDS]) {
    const labels = dates.map((d) => formatDate(d, options));
    if (new Set(labels).size === labels.length || options === DATE_TIME_SECONDS) return labels;
  }
  return [];
}

/** An estimate of time left, rounded the way people say it: "about 12 seconds", "about 3 minutes". */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  const amount =
    seconds < 90
      ? formatNumber(seconds, { style: 'unit', unit: 'second', unitDisplay: 'long' })
      : formatNumber(Math.round(seconds / 60), { style: 'unit', unit: 'minute', unitDisplay: 'long' });
  return t('durationAbout', amount);
}

/** Elapsed time: "0.4 s", "2.1 s", "1 min 12 s". */
export function formatElapsed(ms: number): string {
  if (ms < 60_000) return t('elapsedSeconds', formatNumber(ms / 1000, { maximumFractionDigits: 1, minimumFractionDigits: 1 }));
  const total = Math.round(ms / 1000);
  return t('elapsedMinutes', Math.floor(total / 60), total % 60);
}
