import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';
import type { FolderChoice } from '../search/types';
import { FolderPicker } from '../ui';
import type { BookmarkDraft } from './popup-api';
import { TagInput } from './TagInput';

interface Props {
  heading: string;
  initial: BookmarkDraft;
  submitLabel: string;
  loadFolders(): Promise<FolderChoice[]>;
  /** Folder ids bookmarks went into most recently (listed first in the folder picker). */
  loadRecentFolders(): Promise<string[]>;
  createFolder(parentId: string, title: string): Promise<FolderChoice>;
  /** Chosen instead of the initial folder when that one no longer exists. */
  fallbackFolderId?: string;
  loadTags(): Promise<string[]>;
  /** Where the keyboard starts: the title (edit, add) or the folder list (move). */
  focus?: 'title' | 'folder';
  onSubmit(draft: BookmarkDraft): Promise<void>;
  onCancel(): void;
}

function isValidUrl(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

/** Quick add, edit and move: title, address, folder (recent first, search, new folder) and tags (with suggestions). */
export function BookmarkForm({
  heading,
  initial,
  submitLabel,
  loadFolders,
  loadRecentFolders,
  createFolder,
  fallbackFolderId,
  loadTags,
  focus = 'title',
  onSubmit,
  onCancel,
}: Props) {
  const [draft, setDraft] = useState(initial);
  const [folders, setFolders] = useState<FolderChoice[] | null>(null);
  const [recent, setRecent] = useState<string[]>([]);
  const [knownTags, setKnownTags] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const title = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focus === 'title') title.current?.focus();
    loadFolders().then(
      (list) => {
        setFolders(list);
        if (fallbackFolderId && !list.some((f) => f.id === initial.folderId)) setDraft((d) => ({ ...d, folderId: fallbackFolderId }));
      },
      (e: Error) => setError(t('popupLoadFoldersFailed', e.message)),
    );
    loadRecentFolders().then(setRecent, () => setRecent([]));
    loadTags().then(setKnownTags, () => setKnownTags([]));
  }, []);

  const submit = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    const url = draft.url.trim();
    if (!isValidUrl(url)) {
      setError(t('popupInvalidUrl'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ ...draft, url });
    } catch (err) {
      const why = (err as Error)?.message;
      setError(why ? t('popupSaveFailedBecause', why) : t('popupSaveFailed'));
      setBusy(false);
    }
  };

  const addFolder = async (parentId: string, name: string) => {
    const made = await createFolder(parentId, name);
    setFolders((list) => (list && !list.some((f) => f.id === made.id) ? [...list, made] : list));
    return made;
  };

  return (
    <form
      class="bookmark-form"
      aria-label={heading}
      noValidate
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), onCancel())}
    >
      <h2>{heading}</h2>
      <label for="bm-title">{t('popupTitle')}</label>
      <input ref={title} id="bm-title" type="text" value={draft.title} onInput={(e) => setDraft({ ...draft, title: e.currentTarget.value })} />
      <label for="bm-url">{t('popupAddress')}</label>
      <input id="bm-url" type="url" value={draft.url} spellcheck={false} onInput={(e) => setDraft({ ...draft, url: e.currentTarget.value })} />
      <label for="bm-folder">{t('popupFolder')}</label>
      <FolderPicker
        id="bm-folder"
        folders={folders}
        recent={recent}
        value={draft.folderId}
        onChange={(folderId) => setDraft((d) => ({ ...d, folderId }))}
        onCreateFolder={addFolder}
        openAtStart={focus === 'folder'}
      />
      <label for="bm-tags">{t('popupTags')}</label>
      <TagInput id="bm-tags" tags={draft.tags} known={knownTags} onChange={(tags) => setDraft((d) => ({ ...d, tags }))} />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {busy ? t('popupSaving') : submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          {t('popupCancel')}
        </button>
      </div>
    </form>
  );
}
