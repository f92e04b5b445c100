/**
 * An ordered list editor: move items up and down, remove them, add from a list of choices. Every action is a
 * labelled button, so the order can be changed with the keyboard alone.
 */
import { useState } from 'preact/hooks';
import { t } from '../i18n';
import { Untrusted } from '../ui';

export interface OrderedListProps {
  id: string;
  /** Accessible name of the list, e.g. "Keep rules". */
  label: string;
  items: readonly string[];
  labelOf(item: string): string;
  helpOf?(item: string): string;
  /** Items that can be added (not already in the list). */
  choices: readonly string[];
  onChange(items: string[]): void;
  /** Fewest items allowed (removing below is disabled). */
  min?: number;
  addLabel?: string;
  numbered?: boolean;
}

export function OrderedList({ id, label, items, labelOf, helpOf, choices, onChange, min = 0, addLabel, numbered = true }: OrderedListProps) {
  const available = choices.filter((c) => !items.includes(c));
  const [toAdd, setToAdd] = useState('');
  const move = (index: number, delta: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item!);
    onChange(next);
  };
  const selected = available.includes(toAdd) ? toAdd : (available[0] ?? '');
  const ListTag = numbered ? 'ol' : 'ul';
  return (
    <div class="ordered-list" data-testid={id}>
      <ListTag aria-label={label}>
        {items.map((item, index) => (
          <li key={item}>
            <span class="item-label">
              <Untrusted>{labelOf(item)}</Untrusted>
              {helpOf && <small class="muted"> — {helpOf(item)}</small>}
            </span>
            <span class="item-actions">
              <button type="button" aria-label={t('optionsMoveUp', labelOf(item))} disabled={index === 0} onClick={() => move(index, -1)}>
                ↑
              </button>
              <button type="button" aria-label={t('optionsMoveDown', labelOf(item))} disabled={index === items.length - 1} onClick={() => move(index, 1)}>
                ↓
              </button>
              <button
                type="button"
                aria-label={t('optionsRemoveItem', labelOf(item))}
                disabled={items.length <= min}
                onClick={() => onChange(items.filter((x) => x !== item))}
              >
                ✕
              </button>
            </span>
          </li>
        ))}
        {items.length === 0 && <li class="muted">{t('optionsNone')}</li>}
      </ListTag>
      {available.length > 0 && (
        <div class="add-row">
          <label for={`${id}-add`} class="visually-hidden">
            {addLabel ?? t('optionsAdd')}
          </label>
          <select id={`${id}-add`} value={selected} onChange={(e) => setToAdd((e.target as HTMLSelectElement).value)}>
            {available.map((c) => (
              <option key={c} value={c}>
                {labelOf(c)}
              </option>
            ))}
          </select>
          <button type="button" onClick={() => selected && onChange([...items, selected])}>
            {addLabel ?? t('optionsAdd')}
          </button>
        </div>
      )}
    </div>
  );
}
