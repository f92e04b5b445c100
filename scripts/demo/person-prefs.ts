/**
 * The demo's Firefox behaves like a person's. puppeteer starts Firefox with some eighty prefs for automation
 * (written to the profile's user.js), among them the focus manager's test mode, in which a toolbar popup never gets
 * the keyboard, a blank new tab, no popup blocker, file pickers dismissed on their own, no animations. Once Firefox
 * is up, every one of them is cleared back to Firefox's default, except the few that only keep a throwaway profile
 * from calling Mozilla's services (updates, telemetry, remote settings, safe-browsing lists) and the one that keeps
 * the remote protocol on (the script still talks to Firefox through it): none of those changes what a person sees
 * or how keys and focus work.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { evaluateInChrome } from '../firefox-chrome';

/** puppeteer's prefs that the demo keeps (see above). */
const KEPT_AUTOMATION_PREFS: readonly RegExp[] = [
  /^remote\.enabled$/,
  /^app\.update\./,
  /^app\.normandy\./,
  /^datareporting\./,
  /^toolkit\.telemetry\./,
  /^services\.settings\.server$/,
  /^browser\.safebrowsing\./,
  /^extensions\.update\./,
  /^extensions\.getAddons\.cache\.enabled$/,
  /^general\.useragent\.updates\.enabled$/,
  /^media\.gmp-manager\.updateEnabled$/,
  /^network\.sntp\.pools$/,
  /^browser\.search\.update$/,
  /^security\.certerrors\.mitm\.priming\.enabled$/,
];

/** The prefs of the profile's user.js (puppeteer's and the script's own), by name. */
export function userJsPrefNames(profileDir: string): string[] {
  const text = readFileSync(join(profileDir, 'user.js'), 'utf8');
  return [...text.matchAll(/^user_pref\(("(?:[^"\\]|\\.)*"),/gm)].map((m) => JSON.parse(m[1]!) as string);
}

/** The automation prefs to clear: user.js's prefs that are neither the script's own nor kept. */
export function automationPrefsToClear(profileDir: string, ownPrefs: Record<string, unknown>): string[] {
  return userJsPrefNames(profileDir).filter((name) => !Object.hasOwn(ownPrefs, name) && !KEPT_AUTOMATION_PREFS.some((kept) => kept.test(name)));
}

/**
 * Clears `names` back to Firefox's defaults in the running Firefox, and returns those that still have a value of
 * their own afterwards (none, unless Firefox refused one).
 */
export function clearPrefs(browser: Browser, names: readonly string[]): Promise<string[]> {
  return evaluateInChrome<string[]>(
    browser,
    `async (names) => {
      for (const name of names) Services.prefs.clearUserPref(name);
      return names.filter((name) => Services.prefs.prefHasUserValue(name));
    }`,
    [names],
  );
}

/** A pref's value as the running Firefox has it (null when it has none). */
export function readPref(browser: Browser, name: string): Promise<boolean | number | string | null> {
  return evaluateInChrome(
    browser,
    `async (name) => {
      switch (Services.prefs.getPrefType(name)) {
        case Services.prefs.PREF_BOOL: return Services.prefs.getBoolPref(name);
        case Services.prefs.PREF_INT: return Services.prefs.getIntPref(name);
        case Services.prefs.PREF_STRING: return Services.prefs.getStringPref(name);
        default: return null;
      }
    }`,
    [name],
  );
}
