/**
 * The repository's manifest.json with its __MSG_name__ placeholders resolved from _locales/en, as
 * runtime.getManifest() returns it in Firefox.
 */
import manifestJson from '../../manifest.json';
import messagesJson from '../../_locales/en/messages.json';

export type Manifest = typeof manifestJson;

const messages = messagesJson as Record<string, { message: string }>;

function localize<T>(value: T): T {
  if (typeof value === 'string') {
    return value.replace(/__MSG_([A-Za-z0-9_@]+)__/g, (whole, key: string) => messages[key]?.message ?? whole) as T;
  }
  if (Array.isArray(value)) return value.map(localize) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, localize(v)])) as T;
  }
  return value;
}

export function localizedManifest(): Manifest {
  return localize(structuredClone(manifestJson));
}
