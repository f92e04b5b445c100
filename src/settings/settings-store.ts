/**
 * The settings store: one validated Settings object in storage.local under SETTINGS_KEY. Reads fall back to the
 * defaults section by section (parseStoredSettings); writes are validated as a whole before anything is stored,
 * so a bad patch changes nothing. Listeners hear every change, also changes made by another page or an earlier
 * event page, because they follow storage.onChanged (registered synchronously when the store is created).
 */
import * as v from 'valibot';
import { describeIssues } from '../messaging/schema-issues';
import { AppError } from '../messaging/errors';
import type { Browser } from '../platform/browser';
import { createSerialQueue } from '../platform/serial-queue';
import { DEFAULT_SETTINGS, parseStoredSettings, SETTINGS_KEY, settingsSchema, type Settings } from './settings';
import { t } from '../i18n';

/** A partial update: any subset of sections, and within a section any subset of its fields. */
export type SettingsPatch = { [K in keyof Settings]?: Partial<Settings[K]> };

export type SettingsListener = (settings: Settings) => void;

export interface SettingsStore {
  get(): Promise<Settings>;
  /** Merges the patch into the stored settings, validates the result and stores it; throws 'invalid-input'. */
  update(patch: SettingsPatch): Promise<Settings>;
  /** Back to DEFAULT_SETTINGS. */
  reset(): Promise<Settings>;
  /** Called after every change with the new settings; returns an unsubscribe function. */
  onChange(listener: SettingsListener): () => void;
}

/** Merges a patch into settings (section by section, shallow within a section) and validates the result. */
export function applySettingsPatch(current: Settings, patch: SettingsPatch): Settings {
  const merged: Record<string, unknown> = { ...current };
  for (const key of Object.keys(patch) as (keyof Settings)[]) {
    if (!Object.hasOwn(DEFAULT_SETTINGS, key)) throw new AppError('invalid-input', t('settingsUnknownSection', String(key)));
    const section = patch[key];
    if (section === undefined) continue;
    merged[key] = { ...current[key], ...section };
  }
  const parsed = v.safeParse(settingsSchema, merged);
  if (!parsed.success) throw new AppError('invalid-input', t('settingsInvalid', describeIssues(parsed.issues)));
  return parsed.output;
}

export function createSettingsStore(browser: Browser): SettingsStore {
  const listeners = new Set<SettingsListener>();
  // Serialize writes so two quick patches cannot overwrite each other's sections.
  const writes = createSerialQueue();

  browser.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local' || !Object.hasOwn(changes, SETTINGS_KEY)) return;
    const settings = parseStoredSettings(changes[SETTINGS_KEY]?.newValue);
    for (const listener of listeners) {
      try {
        listener(structuredClone(settings));
      } catch {
        // One failing listener must not stop the others.
      }
    }
  });

  const get = async (): Promise<Settings> => {
    const stored = await browser.storage.local.get(SETTINGS_KEY);
    return parseStoredSettings(stored[SETTINGS_KEY]);
  };

  return {
    get,
    update: (patch) =>
      writes.run(async () => {
        const next = applySettingsPatch(await get(), patch);
        await browser.storage.local.set({ [SETTINGS_KEY]: next });
        return next;
      }),
    reset: () =>
      writes.run(async () => {
        const defaults = structuredClone(DEFAULT_SETTINGS);
        await browser.storage.local.set({ [SETTINGS_KEY]: defaults });
        return defaults;
      }),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
