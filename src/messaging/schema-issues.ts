import type * as v from 'valibot';
import { t } from '../i18n';
import { capQuoted, capText } from './errors';

/** Longest path key and longest issue text an error shows; longer ones are cut (a key or value may be megabytes). */
const MAX_KEY = 40;
const MAX_ISSUE = 300;
const MAX_RECEIVED = 80;

/**
 * A short, user-readable summary of valibot issues: at most three, each with the path of the offending field, in
 * the UI's language. A message the schema gives (a function calling t()) is kept; valibot's own English wording
 * ("Invalid type: Expected … but received …") is replaced by the same facts in a message of the catalog. The received
 * value, path keys and each issue are capped, so an error never echoes a huge offending value.
 */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path?.map((p) => capText(String(p.key), MAX_KEY)).join('.') ?? '';
      const message = capText(valibotWording(issue) ?? issue.message, MAX_ISSUE);
      return path ? `${path}: ${message}` : message;
    })
    .join('; ');
}

/** Valibot's default message, which names the check: "Invalid <label>: …". */
const DEFAULT_MESSAGE = /^Invalid (\w+): /;

/** The issue in the catalog's words when its message is valibot's default English one; null for a schema's own message. */
function valibotWording(issue: v.BaseIssue<unknown>): string | null {
  const label = DEFAULT_MESSAGE.exec(issue.message)?.[1];
  const { expected, received } = issue;
  if (!label || issue.message !== `Invalid ${label}: ${expected ? `Expected ${expected} but r` : 'R'}eceived ${received}`) return null;
  const shown = capReceived(received);
  if (!expected) return t('issueReceived', shown);
  return t(label === 'type' ? 'issueType' : label === 'length' ? 'issueLength' : label === 'key' ? 'issueKey' : 'issueValue', capText(expected, MAX_RECEIVED), shown);
}

/** Valibot quotes a received string as "…": a long one is cut inside its quotes (capQuoted quotes it again). */
function capReceived(received: string): string {
  if (received.length <= MAX_RECEIVED) return received;
  const bare = received.startsWith('"') && received.endsWith('"') ? received.slice(1, -1) : received;
  return bare === received ? capText(received, MAX_RECEIVED) : capQuoted(bare, MAX_RECEIVED);
}
