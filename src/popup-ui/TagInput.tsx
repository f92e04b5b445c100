import { useState } from 'preact/hooks';
import { t } from '../i18n';
import { UntrustedCode } from '../ui';

interface Props {
  id: string;
  tags: readonly string[];
  known: readonly string[];
  onChange(tags: string[]): void;
}

const MAX_SUGGESTIONS = 6;

/** Tags as removable chips plus a text field; suggests existing tags that start with what is typed. Tags are shown isolated, their bidirectional controls visible. */
export function TagInput({ id, tags, known, onChange }: Props) {
  const [text, setText] = useState('');
  const has = (tag: string) => tags.some((known) => known.toLowerCase() === tag.toLowerCase());
  const add = (raw: string) => {
    const tag = raw.trim().replace(/^#/, '');
    if (tag && !tag.includes(',') && !has(tag)) onChange([...tags, tag]);
    setText('');
  };
  const typed = text.trim().toLowerCase();
  const suggestions = typed ? known.filter((tag) => tag.toLowerCase().startsWith(typed) && !has(tag)).slice(0, MAX_SUGGESTIONS) : [];

  return (
    <div class="tag-input">
      <ul class="chips" aria-label={t('popupChosenTags')}>
        {tags.map((tag) => (
          <li class="chip" key={tag} title={tag}>
            <UntrustedCode class="chip-text" text={tag} />
            <button type="button" class="chip-remove" aria-label={t('popupRemoveTag', tag)} onClick={() => onChange(tags.filter((other) => other !== tag))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        type="text"
        value={text}
        placeholder={t('popupAddTag')}
        autocomplete="off"
        onInput={(e) => {
          const value = e.currentTarget.value;
          if (value.includes(',')) {
            const parts = value.split(',');
            for (const part of parts.slice(0, -1)) add(part);
            setText(parts[parts.length - 1]!);
          } else setText(value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && text.trim()) {
            e.preventDefault();
            add(suggestions.length === 1 ? suggestions[0]! : text);
          } else if (e.key === 'Backspace' && !text && tags.length) {
            onChange(tags.slice(0, -1));
          }
        }}
        onBlur={() => text.trim() && add(text)}
      />
      {suggestions.length > 0 && (
        <ul class="suggestions" aria-label={t('popupExistingTags')}>
          {suggestions.map((tag) => (
            <li key={tag}>
              <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={() => add(tag)}>
                <UntrustedCode text={tag} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
