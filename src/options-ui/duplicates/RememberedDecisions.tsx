/**
 * The groups the person decided on (left alone, or a copy chosen to keep), remembered by group key across scans and
 * restarts: listed with what was decided, each reversible ("Forget"), and all at once.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { isFolderSetKey, type RememberedDecision } from '../../dedup';
import { errorMessage, useClient } from '../client-context';
import { plural, t } from '../../i18n';
import { formatDateTime } from '../format';
import { Untrusted, UntrustedCode } from '../../ui';
import { Marked, markUntrusted } from './Marked';

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
      <legend>{t('decisionsLegend')}</legend>
      {list === null ? (
        <p class="muted">{t('optionsLoading')}</p>
      ) : list.length === 0 ? (
        <p class="muted">{t('decisionsNone')}</p>
      ) : (
        <>
          <p class="muted">{plural('decisionsRemembered', list.length)}</p>
          <ul class="plain-list decisions-list">
            {list.map((d) => (
              <li key={d.key}>
                <span class="decision">
                  <Marked text={d.leave ? t('decisionsLeftAlone') : t('decisionsKeepCopyIn', d.keeper ? markUntrusted(d.keeper.path) : '?')} />
                </span>
                {isFolderSetKey(d.key) ? (
                  <span class="url">
                    <Marked text={plural('decisionsCopiedFolder', d.copyCount, markUntrusted(d.title))} />
                  </span>
                ) : (
                  <span class="url" title={d.url}>
                    {d.title && (
                      <>
                        <Untrusted>{d.title}</Untrusted>
                        {' — '}
                      </>
                    )}
                    <UntrustedCode text={d.url} />
                  </span>
                )}
                <span class="muted">{t('decisionsDecided', formatDateTime(d.decidedAt))}</span>
                <button
                  type="button"
                  aria-label={isFolderSetKey(d.key) ? t('decisionsForgetFolder', d.title) : t('decisionsForgetOne', d.url)}
                  onClick={() => void forget([d.key])}
                >
                  {t('decisionsForget')}
                </button>
              </li>
            ))}
          </ul>
          {list.length > 1 && (
            <button type="button" onClick={() => void forget(list.map((d) => d.key))}>
              {t('decisionsForgetAll', list.length)}
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
