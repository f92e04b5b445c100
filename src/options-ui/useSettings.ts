/** The current settings and an `update` that stores a partial change at once (validated by the background). */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Settings } from '../settings';
import type { SettingsPatch } from '../settings';
import { errorMessage, useClient } from './client-context';

export function useSettings() {
  const client = useClient();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  useEffect(() => {
    client.call('settings.get', {}).then(setSettings, (e) => setError(errorMessage(e)));
  }, [client]);
  const update = useCallback(
    async (patch: SettingsPatch) => {
      try {
        setSettings(await client.call('settings.set', { patch }));
        setError(null);
        setSavedAt(Date.now());
        return true;
      } catch (e) {
        setError(errorMessage(e));
        return false;
      }
    },
    [client],
  );
  const reset = useCallback(async () => {
    try {
      setSettings(await client.call('settings.reset', {}));
      setError(null);
      setSavedAt(Date.now());
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [client]);
  return { settings, error, savedAt, update, reset };
}
