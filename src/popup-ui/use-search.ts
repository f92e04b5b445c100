import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';
import type { SearchReply } from '../search/types';

export interface SearchState {
  reply: SearchReply | null;
  /** The text the reply answers. */
  answered: string | null;
  error: string | null;
}

/**
 * Runs a search for every change of `text`; answers to older texts that arrive late are dropped, so the list
 * always shows the answer to what is in the box.
 */
export function useSearch(search: (text: string) => Promise<SearchReply>, text: string, refresh: number): SearchState {
  const [state, setState] = useState<SearchState>({ reply: null, answered: null, error: null });
  const latest = useRef(0);
  // A layout effect: the request leaves right after the render, not a frame later.
  useLayoutEffect(() => {
    const ticket = ++latest.current;
    search(text).then(
      (reply) => ticket === latest.current && setState({ reply, answered: text, error: null }),
      (error: Error) =>
        ticket === latest.current &&
        setState((s) => ({ ...s, answered: text, error: error?.message ? t('popupSearchFailedBecause', error.message) : t('popupSearchFailed') })),
    );
  }, [text, refresh]);
  return state;
}
