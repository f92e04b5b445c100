import { useMemo, useState } from 'preact/hooks';
import type { FolderChoice } from '../search/types';
import { folderLabel } from './format';

interface Props {
  id: string;
  folders: readonly FolderChoice[] | null;
  value: string;
  onChange(folderId: string): void;
}

const MAX_SHOWN = 50;

/** Chooses a folder: a search field over folder paths and a short list of matches. */
export function FolderPicker({ id, folders, value, onChange }: Props) {
  const [filter, setFilter] = useState('');
  const selected = folders?.find((f) => f.id === value);
  const matches = useMemo(() => {
    if (!folders) return [];
    const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
    return folders.filter((f) => {
      const label = folderLabel(f.path).toLowerCase();
      return words.every((w) => label.includes(w));
    });
  }, [folders, filter]);

  return (
    <div class="folder-picker">
      <p class="folder-current" data-testid="folder-current">
        {selected ? folderLabel(selected.path) : folders ? 'Choose a folder' : 'Loading folders…'}
      </p>
      <input
        id={id}
        type="search"
        value={filter}
        placeholder="Search folders"
        autocomplete="off"
        onInput={(e) => setFilter(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (matches[0]) onChange(matches[0].id);
          }
        }}
      />
      {filter && (
        <ul class="folder-list" role="listbox" aria-label="Folders">
          {matches.slice(0, MAX_SHOWN).map((f) => (
            <li key={f.id} role="option" aria-selected={f.id === value}>
              <button
                type="button"
                onClick={() => {
                  onChange(f.id);
                  setFilter('');
                }}
              >
                {folderLabel(f.path)}
              </button>
            </li>
          ))}
          {matches.length === 0 && <li class="empty">No folder matches.</li>}
        </ul>
      )}
    </div>
  );
}
