/**
 * The groups the person decided on (left alone, or a copy chosen to keep), remembered by group key across scans and
 * restarts: listed with what was decided, each reversible ("Forget"), and all at once.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { isFolderSetKey, type RememberedDecision } from '../../dedup';
import { errorMessage, useClient } from '../client-context';
import { count, formatDateTime } from '../format';

export function RememberedDecisions({ refreshKey, onForgotten }: { refreshKey?: unknown; onForgotten?(keys: string[]): void }) {
  const client = useClient();
  const [list, setList] = useState<RememberedDecision[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    client.call('dedup.decisions.list', {}).then(setList, (e) => setError(errorMessage(e)));
  }, [client]);
  useEffect(reload, [reload, refreshKey]);

  const forget = async (keys: string[]) => {
    setError(null);
    try {
      await client.call('dedup.decisions.forget', { keys });
      onForgotten?.(keys);
    } catch (e) {
      setError(errorMessage(e));
    }
    reload();
  };

  return (
    <fieldset data-testid="remembered-decisions">
      <legend>Groups and folders you decided on</legend>
      {list === null ? (
        <p class="muted">Loading…</p>
      ) : list.length === 0 ? (
        <p class="muted">None yet. “Leave alone”, a copy you choose to keep and the copy of a copied folder that stays are remembered here, also across scans and restarts.</p>
      ) : (
        <>
          <p class="muted">Remembered across scans and restarts: groups by address, copied folders by the folders they hold. {count(list.length, 'decision', 'decisions')}.</p>
          <ul class="plain-list decisions-list">
            {list.map((d) => (
              <li key={d.key}>
                <span class="decision">{d.leave ? 'Left alone' : `Keep the copy in ${d.keeper?.path ?? '?'}`}</span>
                {isFolderSetKey(d.key) ? (
                  <span class="url">
                    Copied folder “{d.title}” ({count(d.copyCount, 'copy', 'copies')})
                  </span>
                ) : (
                  <span class="url" title={d.url}>
                    {d.title ? `${d.title} — ` : ''}
                    {d.url}
                  </span>
                )}
                <span class="muted">decided {formatDateTime(d.decidedAt)}</span>
                <button type="button" aria-label={`Forget the decision on ${isFolderSetKey(d.key) ? `the copied folder “${d.title}”` : d.url}`} onClick={() => forget([d.key])}>
                  Forget
                </button>
              </li>
            ))}
          </ul>
          {list.length > 1 && (
            <button type="button" onClick={() => forget(list.map((d) => d.key))}>
              Forget all {list.length}
            </button>
          )}
        </>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
