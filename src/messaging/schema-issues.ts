import type * as v from 'valibot';
import { capQuoted, capText } from './errors';

/** Longest path key and longest issue text an error shows; longer ones are cut (a key or value may be megabytes). */
const MAX_KEY = 40;
const MAX_ISSUE = 300;
const MAX_RECEIVED = 80;

/**
 * A short, user-readable summary of valibot issues: at most three, each with the path of the offending field.
 * Valibot's messages end with the received value ("…but received "…""); that quote, path keys and each issue are
 * capped, so an error never echoes a huge offending value.
 */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path?.map((p) => capText(String(p.key), MAX_KEY)).join('.') ?? '';
      let message = issue.message;
      const received = issue.received;
      // Valibot quotes a received string as "…"; capQuoted quotes it again, so the quotes are taken off first.
      if (typeof received === 'string' && received.length > MAX_RECEIVED && message.endsWith(received)) {
        const bare = received.startsWith('"') && received.endsWith('"') ? received.slice(1, -1) : received;
        message = message.slice(0, message.length - received.length) + (bare === received ? capText(received, MAX_RECEIVED) : capQuoted(bare, MAX_RECEIVED));
      }
      message = capText(message, MAX_ISSUE);
      return path ? `${path}: ${message}` : message;
    })
    .join('; ');
}
