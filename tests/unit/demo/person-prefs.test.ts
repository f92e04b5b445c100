/**
 * Which of puppeteer's prefs the demo clears (scripts/demo/person-prefs.ts), read from a user.js that puppeteer's
 * own profile writer made, with the demo's own prefs in it as `npm start` passes them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, createProfile } from '@puppeteer/browsers';
import { afterEach, describe, expect, it } from 'vitest';
import { automationPrefsToClear, userJsPrefNames } from '../../../scripts/demo/person-prefs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function puppeteerProfile(ownPrefs: Record<string, unknown>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'tidymarks-prefs-'));
  dirs.push(dir);
  await createProfile(Browser.FIREFOX, { path: dir, preferences: ownPrefs });
  return dir;
}

describe('the demo Firefox is a person’s: puppeteer’s automation prefs are cleared', () => {
  const ownPrefs = { 'browser.places.importBookmarksHTML': true, 'browser.toolbars.bookmarks.visibility': 'always' };

  it('clears what changes keys, focus and what a person sees; keeps the demo’s own prefs and the remote protocol', async () => {
    const dir = await puppeteerProfile(ownPrefs);
    const names = userJsPrefNames(dir);
    expect(names).toContain('focusmanager.testmode');
    const cleared = automationPrefsToClear(dir, ownPrefs);
    expect(cleared).toEqual(
      expect.arrayContaining([
        'focusmanager.testmode',
        'remote.bidi.dismiss_file_pickers.enabled',
        'dom.disable_open_during_load',
        'browser.newtabpage.enabled',
        'toolkit.cosmeticAnimations.enabled',
        'browser.startup.homepage',
      ]),
    );
    expect(cleared).not.toContain('remote.enabled');
    expect(cleared).not.toContain('browser.places.importBookmarksHTML');
    expect(cleared).not.toContain('browser.toolbars.bookmarks.visibility');
    // Kept are only the prefs that stop calls to Mozilla's services, and the remote protocol.
    const kept = names.filter((name) => !cleared.includes(name) && !Object.hasOwn(ownPrefs, name));
    for (const name of kept)
      expect(name).toMatch(
        /^(remote\.enabled|app\.|datareporting\.|toolkit\.telemetry\.|services\.settings|browser\.safebrowsing\.|extensions\.update|extensions\.getAddons|general\.useragent\.updates|media\.gmp-manager|network\.sntp|browser\.search\.update|security\.certerrors)/,
      );
  });
});
