import { useEffect, useState } from 'preact/hooks';
import type { FolderChoice } from '../search/types';
import { FolderPicker } from './FolderPicker';
import type { BookmarkDraft } from './popup-api';
import { TagInput } from './TagInput';

interface Props {
  heading: string;
  initial: BookmarkDraft;
  submitLabel: string;
  loadFolders(): Promise<FolderChoice[]>;
  /** Chosen instead of the initial folder when that one no longer exists. */
  fallbackFolderId?: string;
  loadTags(): Promise<string[]>;
  onSubmit(draft: BookmarkDraft): Promise<void>;
  onCancel(): void;
}

/** Quick add and edit: title, folder (with search) and tags (with suggestions from existing tags). */
export function BookmarkForm({ heading, initial, submitLabel, loadFolders, fallbackFolderId, loadTags, onSubmit, onCancel }: Props) {
  const [draft, setDraft] = useState(initial);
  const [folders, setFolders] = useState<FolderChoice[] | null>(null);
  const [knownTags, setKnownTags] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    loadFolders().then(
      (list) => {
        setFolders(list);
        if (fallbackFolderId && !list.some((f) => f.id === initial.folderId)) setDraft((d) => ({ ...d, folderId: fallbackFolderId }));
      },
      (e: Error) => setError(`Could not load folders: ${e.message}`),
    );
    loadTags().then(setKnownTags, () => setKnownTags([]));
  }, []);

  const submit = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(draft);
    } catch (err) {
      setError((err as Error).message || 'Could not save the bookmark.');
      setBusy(false);
    }
  };

  return (
    <form class="bookmark-form" aria-label={heading} onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), onCancel())}>
      <h2>{heading}</h2>
      <label for="bm-title">Title</label>
      <input id="bm-title" type="text" value={draft.title} onInput={(e) => setDraft({ ...draft, title: e.currentTarget.value })} />
      <label for="bm-folder">Folder</label>
      <FolderPicker id="bm-folder" folders={folders} value={draft.folderId} onChange={(folderId) => setDraft({ ...draft, folderId })} />
      <label for="bm-tags">Tags</label>
      <TagInput id="bm-tags" tags={draft.tags} known={knownTags} onChange={(tags) => setDraft({ ...draft, tags })} />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
