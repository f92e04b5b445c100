/**
 * User settings: one validated object in storage.local under "settings". Every feature reads what it needs from
 * here; the options page edits it through the settings protocol. Unknown or invalid stored data falls back to
 * the defaults field by field, so a broken value never breaks the extension.
 */
import * as v from 'valibot';
import { formatNumber, t } from '../i18n';
import { MENU_ID, MOBILE_ID, TOOLBAR_ID, UNFILED_ID } from '../platform/browser';

export const KEEP_RULES = ['bestTitle', 'cleanUrl', 'preferredFolder', 'oldest', 'newest', 'mostTags', 'mostVisits'] as const;
export type KeepRuleName = (typeof KEEP_RULES)[number];

const folderId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const tagName = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1),
  v.maxLength(100),
  v.check(
    (s) => !s.includes(','),
    () => t('settingsTagComma'),
  ),
);

/** Column id -> width in px: a few entries, each a sane width (the organizer clamps it to what fits). */
const columnWidths = v.pipe(
  v.record(v.pipe(v.string(), v.regex(/^[a-zA-Z]{1,32}$/)), v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10000))),
  v.check((widths) => Object.keys(widths).length <= 32),
);

/** The copy guard's threshold: fewer than 2 would be every copy; more than 10,000 would hardly ever tell. */
export const COPY_GUARD_THRESHOLD_MIN = 2;
export const COPY_GUARD_THRESHOLD_MAX = 10_000;
const thresholdRange = () => t('settingsCopyGuardThresholdRange', formatNumber(COPY_GUARD_THRESHOLD_MIN), formatNumber(COPY_GUARD_THRESHOLD_MAX));

export const settingsSchema = v.strictObject({
  /** Opt-in URL matching rules (the safe rules are always on). */
  matching: v.strictObject({
    httpEqualsHttps: v.boolean(),
    ignoreWww: v.boolean(),
    ignoreFragment: v.boolean(),
    ignoreQuery: v.boolean(),
    sortQueryParams: v.boolean(),
  }),
  /** Folders whose duplicates are intentional: never scanned for duplicates. */
  exclusions: v.strictObject({ folderIds: v.pipe(v.array(folderId), v.maxLength(1000)) }),
  /** How the copy that stays is chosen: rules in order, the first that tells copies apart decides. */
  keep: v.strictObject({
    rules: v.pipe(
      v.array(v.picklist(KEEP_RULES)),
      v.minLength(1, () => t('settingsKeepRuleNeeded')),
      v.maxLength(KEEP_RULES.length),
      v.check(
        (rules) => new Set(rules).size === rules.length,
        () => t('settingsKeepRuleTwice'),
      ),
    ),
    /** Folder ids ranked for the preferredFolder rule, best first (a copy anywhere inside counts). */
    preferredFolderIds: v.pipe(v.array(folderId), v.maxLength(100)),
  }),
  quickBookmark: v.strictObject({
    /** Folder id for the quick-bookmark command; null means "Read later" under Other Bookmarks, created when missing. */
    folderId: v.nullable(folderId),
    defaultTags: v.pipe(v.array(tagName), v.maxLength(50)),
  }),
  notifications: v.strictObject({ enabled: v.boolean() }),
  /** The copy guard (src/copy-guard): tell the person when a burst brings at least `threshold` copies. */
  copyGuard: v.strictObject({
    enabled: v.boolean(),
    threshold: v.pipe(
      v.number(thresholdRange),
      v.integer(thresholdRange),
      v.minValue(COPY_GUARD_THRESHOLD_MIN, thresholdRange),
      v.maxValue(COPY_GUARD_THRESHOLD_MAX, thresholdRange),
    ),
  }),
  /** How the organizer looks: the list's column widths in px a person set by hand (the organizer reads the ids). */
  organizer: v.strictObject({ columnWidths: columnWidths }),
});

export type Settings = v.InferOutput<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  matching: { httpEqualsHttps: false, ignoreWww: false, ignoreFragment: false, ignoreQuery: false, sortQueryParams: false },
  exclusions: { folderIds: [] },
  keep: { rules: ['bestTitle', 'cleanUrl', 'preferredFolder', 'oldest', 'mostTags', 'mostVisits'], preferredFolderIds: [TOOLBAR_ID, MENU_ID, UNFILED_ID, MOBILE_ID] },
  quickBookmark: { folderId: null, defaultTags: [] },
  notifications: { enabled: true },
  copyGuard: { enabled: true, threshold: 20 },
  organizer: { columnWidths: {} },
};

export const SETTINGS_KEY = 'settings';

/**
 * The keep rules every install stored before the copy a person would keep came first (a real title, a clean URL).
 * Settings are stored whole on any change, so this order in storage almost always means "never changed": it reads
 * as today's default. Every other list is kept as stored, including this one with cleanUrl anywhere in it (the one
 * order that cannot be chosen is exactly this list without cleanUrl).
 */
const PREVIOUS_DEFAULT_KEEP_RULES = ['preferredFolder', 'oldest', 'bestTitle', 'mostTags', 'mostVisits'];

/** Reads stored settings, keeping every valid section and falling back to defaults for the rest. */
export function parseStoredSettings(stored: unknown): Settings {
  if (!stored || typeof stored !== 'object') return structuredClone(DEFAULT_SETTINGS);
  const result = structuredClone(DEFAULT_SETTINGS) as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const section = (stored as Record<string, unknown>)[key];
    const parsed = v.safeParse(settingsSchema.entries[key], section);
    if (!parsed.success) continue;
    if (key === 'keep' && (parsed.output as Settings['keep']).rules.join() === PREVIOUS_DEFAULT_KEEP_RULES.join()) {
      (parsed.output as Settings['keep']).rules = [...DEFAULT_SETTINGS.keep.rules];
    }
    result[key] = parsed.output;
  }
  return result as Settings;
}
