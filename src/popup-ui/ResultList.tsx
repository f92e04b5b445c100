import type { SearchResultItem } from '../search/types';
import { folderLabel, hostAndPath, visitsLabel } from './format';
import { Highlighted } from './Highlighted';

export const RESULTS_ID = 'results';
export const resultId = (i: number) => `result-${i}`;

interface Props {
  items: readonly SearchResultItem[];
  words: readonly string[];
  active: number;
  label: string;
  onHover(index: number): void;
  onOpen(index: number, newTab: boolean): void;
}

/** The results as a listbox; the search box keeps focus and points at the active option (aria-activedescendant). */
export function ResultList({ items, words, active, label, onHover, onOpen }: Props) {
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
          <span class={`kind kind-${item.kind}`} aria-label={item.kind === 'bookmark' ? 'Bookmark' : 'History'} title={item.kind === 'bookmark' ? 'Bookmark' : 'History'} />
          <span class="result-body">
            <span class="result-title">
              <Highlighted text={item.title || hostAndPath(item.url)} words={words} />
            </span>
            <span class="result-url">
              <Highlighted text={hostAndPath(item.url)} words={words} />
            </span>
            {(item.folders.length > 0 || item.tags.length > 0 || item.visitCount > 0) && (
              <span class="result-meta">
                {item.folders.length > 0 && (
                  <span class="result-folder">
                    <Highlighted text={folderLabel(item.folders)} words={words} />
                  </span>
                )}
                {item.tags.map((tag) => (
                  <span class="tag" key={tag}>
                    #<Highlighted text={tag} words={words} />
                  </span>
                ))}
                {item.visitCount > 0 && <span class="visits">{visitsLabel(item.visitCount)}</span>}
              </span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
