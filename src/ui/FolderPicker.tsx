import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { FolderChoice } from '../search/types';
import { plural, t } from '../i18n';
import { folderLabel } from './folder-label';
import { FolderPath } from './FolderPath';
import { Untrusted, UntrustedParts } from './Untrusted';

interface Props {
  id: string;
  folders: readonly FolderChoice[] | null;
  /** Folder ids bookmarks went into most recently, most recent first: listed first, as in Firefox's Ctrl+D panel. */
  recent: readonly string[];
  value: string;
  onChange(folderId: string): void;
  /** Creates a folder inside `parentId` ("New folder"); absent: no "New folder" entry. */
  onCreateFolder?(parentId: string, title: string): Promise<FolderChoice>;
  /** Open the list and take the focus when shown (the "Move" action). */
  openAtStart?: boolean;
}

/** How many folders the list renders at once; typing narrows it. */
export const MAX_SHOWN = 200;
const RECENT_SHOWN = 5;

type Entry =
  | { kind: 'heading'; label: string }
  | { kind: 'folder'; folder: FolderChoice; depth: number; showPath: boolean }
  | { kind: 'new-folder' }
  | { kind: 'more'; hidden: number };

/**
 * Chooses a folder like Firefox's Ctrl+D panel: recent folders first, the whole tree below, type to filter, ↑/↓ move
 * the highlight, Enter picks the highlighted folder and closes the list, Esc closes it, and "New folder" creates one
 * in place inside the chosen folder. WAI-ARIA combobox with a listbox popup: the focus stays in the text field and
 * aria-activedescendant names the highlighted option. Folder names are isolated (Untrusted.tsx).
 */
export function FolderPicker({ id, folders, recent, value, onChange, onCreateFolder, openAtStart = false }: Props) {
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState(openAtStart);
  const [active, setActive] = useState(0);
  const [naming, setNaming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const selected = folders?.find((f) => f.id === value);

  useEffect(() => {
    if (openAtStart) input.current?.focus();
  }, []);
  useEffect(() => {
    if (naming !== null) nameInput.current?.focus();
  }, [naming !== null]);

  const entries = useMemo<Entry[]>(() => {
    if (!folders) return [];
    const out: Entry[] = [];
    const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    let hidden = 0;
    const push = (folder: FolderChoice, showPath: boolean) => {
      if (shown >= MAX_SHOWN) {
        hidden++;
        return;
      }
      shown++;
      out.push({ kind: 'folder', folder, depth: showPath ? 0 : folder.path.length - 1, showPath });
    };
    if (words.length) {
      for (const f of folders) {
        const label = folderLabel(f.path).toLowerCase();
        if (words.every((w) => label.includes(w))) push(f, true);
      }
    } else {
      const byId = new Map(folders.map((f) => [f.id, f]));
      const recentFolders = recent
        .map((r) => byId.get(r))
        .filter((f): f is FolderChoice => f !== undefined)
        .slice(0, RECENT_SHOWN);
      if (recentFolders.length) {
        out.push({ kind: 'heading', label: t('popupRecentFolders') });
        for (const f of recentFolders) push(f, true);
        out.push({ kind: 'heading', label: t('popupAllFolders') });
      }
      for (const f of folders) push(f, false);
    }
    if (hidden) out.push({ kind: 'more', hidden });
    if (onCreateFolder) out.push({ kind: 'new-folder' });
    return out;
  }, [folders, recent, filter, onCreateFolder]);

  /** Indices (in `entries`) of what can be highlighted. */
  const choosable = entries.flatMap((e, i) => (e.kind === 'folder' || e.kind === 'new-folder' ? [i] : []));
  const activeEntry = choosable.length ? choosable[Math.min(active, choosable.length - 1)] : undefined;

  // An opened list is brought into sight in whatever scrolls around it (the organizer's details pane, a short
  // window); then the highlighted folder, should the list be taller than that.
  useEffect(() => {
    if (open) list.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open]);
  useEffect(() => {
    if (open && activeEntry !== undefined) document.getElementById(optionId(activeEntry))?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeEntry]);

  const close = () => {
    setOpen(false);
    setFilter('');
    setActive(0);
  };
  const pick = (entry: Entry | undefined) => {
    if (!entry) return;
    if (entry.kind === 'folder') {
      onChange(entry.folder.id);
      close();
      input.current?.focus();
    } else if (entry.kind === 'new-folder') {
      setError(null);
      setNaming(filter.trim());
    }
  };

  const create = async () => {
    const title = (naming ?? '').trim();
    if (!onCreateFolder || busy) return;
    if (!title) {
      setError(t('popupNameNewFolder'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const made = await onCreateFolder(value, title);
      onChange(made.id);
      setNaming(null);
      close();
      input.current?.focus();
    } catch (e) {
      setError(t('popupCreateFolderFailed', (e as Error).message));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const last = Math.max(0, choosable.length - 1);
      setActive((a) => (e.key === 'ArrowDown' ? Math.min(last, a + 1) : Math.max(0, a - 1)));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault(); // picks; does not submit the form
      pick(activeEntry === undefined ? undefined : entries[activeEntry]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation(); // closes the list, not the form
      close();
    } else if (e.key === 'Tab' && open) {
      close();
    }
  };

  const currentLabel = selected ? folderLabel(selected.path) : null;

  return (
    <div class="folder-picker">
      <p class="folder-current" data-testid="folder-current">
        {selected ? <FolderPath folders={selected.path} /> : folders ? t('popupChooseFolder') : t('popupLoadingFolders')}
      </p>
      <input
        ref={input}
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && activeEntry !== undefined ? optionId(activeEntry) : undefined}
        aria-describedby={`${id}-current`}
        value={filter}
        placeholder={t('popupFindFolder')}
        autocomplete="off"
        onInput={(e) => {
          setFilter(e.currentTarget.value);
          setOpen(true);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onClick={() => setOpen(true)}
      />
      <span id={`${id}-current`} class="visually-hidden">
        {currentLabel ? <UntrustedParts message={(path) => t('popupChosenFolder', path)} parts={[currentLabel]} /> : t('popupNoFolderChosen')}
      </span>
      {open && (
        <ul ref={list} id={listId} class="folder-list" role="listbox" aria-label={t('popupFolders')}>
          {entries.map((entry, i) => {
            if (entry.kind === 'heading') {
              return (
                <li key={`h-${entry.label}`} role="presentation" class="folder-heading">
                  {entry.label}
                </li>
              );
            }
            if (entry.kind === 'more') {
              return (
                <li key="more" role="presentation" class="folder-more">
                  {plural('popupMoreFolders', entry.hidden)}
                </li>
              );
            }
            const highlighted = i === activeEntry;
            const common = {
              id: optionId(i),
              role: 'option' as const,
              'aria-selected': highlighted,
              class: highlighted ? 'folder-option active' : 'folder-option',
              onMouseDown: (e: MouseEvent) => e.preventDefault() /* keep the focus in the text field */,
              onMouseMove: () => !highlighted && setActive(choosable.indexOf(i)),
              onClick: () => pick(entry),
            };
            if (entry.kind === 'new-folder') {
              return (
                <li key="new" {...common} class={`${common.class} new-folder`}>
                  {selected ? <UntrustedParts message={(name) => t('popupNewFolderIn', name)} parts={[selected.path[selected.path.length - 1]!]} /> : t('popupNewFolder')}
                </li>
              );
            }
            const isCurrent = entry.folder.id === value;
            return (
              <li key={`${entry.showPath ? 'r' : 't'}-${entry.folder.id}`} {...common} style={{ paddingInlineStart: `${8 + entry.depth * 14}px` }}>
                {entry.showPath ? (
                  <FolderPath folders={entry.folder.path} />
                ) : (
                  <Untrusted class="folder-name">{entry.folder.path[entry.folder.path.length - 1]}</Untrusted>
                )}
                {isCurrent && <span class="folder-chosen"> {t('popupFolderChosenMark')}</span>}
              </li>
            );
          })}
          {entries.every((e) => e.kind !== 'folder') && (
            <li class="empty" role="presentation">
              {t('popupNoFolderMatches')}
            </li>
          )}
        </ul>
      )}
      {naming !== null && (
        <div class="new-folder-row">
          <label for={`${id}-new`} class="visually-hidden">
            {t('popupNewFolderName')}
          </label>
          <input
            ref={nameInput}
            id={`${id}-new`}
            type="text"
            value={naming}
            placeholder={t('popupNewFolderName')}
            onInput={(e) => setNaming(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void create();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                setNaming(null);
                input.current?.focus();
              }
            }}
          />
          <button type="button" class="primary" disabled={busy} onClick={() => void create()}>
            {busy ? t('popupCreating') : t('popupCreate')}
          </button>
          <button
            type="button"
            onClick={() => {
              setNaming(null);
              input.current?.focus();
            }}
          >
            {t('popupCancel')}
          </button>
        </div>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
