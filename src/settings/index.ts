/**
 * Settings, the face of src/settings: the one validated settings object (settings.ts: schema, defaults, the keep
 * rules) and the one store every feature reads it through (settings-store.ts, storage.local). The requests are in
 * protocol.ts; the background builds the feature from feature.ts.
 */
export { COPY_GUARD_THRESHOLD_MAX, COPY_GUARD_THRESHOLD_MIN, KEEP_RULES, settingsSchema, type KeepRuleName, type Settings } from './settings';
export { createSettingsStore, type SettingsPatch, type SettingsStore } from './settings-store';
