import type { SearchResultItem } from '../search/types';
import { t } from '../i18n';
import { FolderPath, Highlighted, LinkMarker } from '../ui';
import { hostAndPath, visitsLabel } from './format';

export const RESULTS_ID = 'results';
export const resultId = (i: number) => `result-${i}`;

export type ResultAction = 'edit' | 'move' | 'remove';

interface Props {
  items: readonly SearchResultItem[];
  words: readonly string[];
  active: number;
  label: string;
  onHover(index: number): void;
  onOpen(index: number, newTab: boolean): void;
  /** Edit, move or remove the bookmark of a result (bookmark results only). */
  onAction(index: number, action: ResultAction): void;
}

const ACTIONS: { action: ResultAction; label: () => string; keys: string }[] = [
  { action: 'edit', label: () => t('popupEdit'), keys: 'Ctrl+E' },
  { action: 'move', label: () => t('popupMove'), keys: 'Ctrl+Shift+E' },
  { action: 'remove', label: () => t('popupRemove'), keys: 'Shift+Delete' },
];

/**
 * The results as a listbox; the search box keeps focus and points at the active option (aria-activedescendant).
 * The highlighted bookmark shows Edit, Move and Remove buttons for the mouse; the keyboard reaches the same actions
 * from the search box (Ctrl/Cmd+E, Ctrl/Cmd+Shift+E, Shift+Delete), so the buttons stay out of the tab order and
 * the options hold no focusable content. Titles, addresses, folders and tags are isolated (src/ui's Highlighted and
 * FolderPath); addresses and tags show their bidirectional controls.
 */
const kindLabel = (kind: SearchResultItem['kind']) => (kind === 'bookmark' ? t('popupKindBookmark') : t('popupKindHistory'));

export function ResultList({ items, words, active, label, onHover, onOpen, onAction }: Props) {
  return (
    <ul id={RESULTS_ID} class="results" role="listbox" aria-label={label}>
      {items.map((item, i) => (
        <li
          key={`${item.kind}:${item.id}`}
          id={resultId(i)}
          role="option"
          aria-selected={i === active}
          class={i === active ? 'result active' : 'result'}
          data-url={item.url}
          onMouseMove={() => i !== active && onHover(i)}
          onMouseDown={(e) => e.preventDefault() /* keep focus in the search box */}
          onClick={(e) => onOpen(i, e.ctrlKey || e.metaKey || e.shiftKey)}
          onAuxClick={(e) => e.button === 1 && onOpen(i, true)}
        >
          <span class={`kind kind-${item.kind}`} aria-label={kindLabel(item.kind)} title={kindLabel(item.kind)} />
          <span class="result-body">
            <span class="result-title">
              <Highlighted text={item.title || hostAndPath(item.url)} words={words} code={!item.title} />
            </span>
            <span class="result-url">
              <Highlighted text={hostAndPath(item.url)} words={words} code />
            </span>
            {(item.folders.length > 0 || item.tags.length > 0 || item.visitCount > 0 || item.marker) && (
              <span class="result-meta">
                {item.marker && <LinkMarker marker={item.marker} />}
                {item.folders.length > 0 && <FolderPath class="result-folder" folders={item.folders} words={words} />}
                {item.tags.map((tag) => (
                  <span class="tag" key={tag} title={`#${tag}`}>
                    #<Highlighted text={tag} words={words} code />
                  </span>
                ))}
                {item.visitCount > 0 && <span class="visits">{visitsLabel(item.visitCount)}</span>}
              </span>
            )}
          </span>
          {i === active && item.kind === 'bookmark' && (
            <span class="result-actions">
              {ACTIONS.map(({ action, label, keys }) => {
                const text = label();
                return (
                  <button
                    key={action}
                    type="button"
                    tabIndex={-1}
                    title={t('popupActionTitle', text, keys)}
                    aria-label={t('popupActionOn', text, item.title || hostAndPath(item.url))}
                    onClick={(e) => {
                      e.stopPropagation(); // not an "open"
                      onAction(i, action);
                    }}
                  >
                    {text}
                  </button>
                );
              })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
