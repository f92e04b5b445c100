/**
 * The details pane: for one selected item, its name, address and tags edited in place (Enter or Save writes them),
 * and a bookmark's archived copy (a link in the tab order, or the label of a bookmark that is one: issue 31);
 * for several, the bulk actions (add or remove a tag, open all, delete). Moving goes through the folder picker.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatDate, plural, t } from '../i18n';
import type { BookmarkSnapshots } from '../link-health';
import { ArchivedCopy, FolderPicker, Untrusted } from '../ui';
import type { FolderChoice } from '../search/types';
import type { OrganizerTree } from '../organizer';
import { useArchivedCopy } from './use-archived-copy';

interface Props {
  tree: OrganizerTree;
  version: number;
  ids: readonly string[];
  folders: readonly FolderChoice[];
  /** Bumped to put the keyboard in the name field (F2, a new folder). */
  renameRequest: number;
  /** The archived copies of bookmarks (links.wayback.snapshots). */
  loadSnapshots(ids: string[]): Promise<BookmarkSnapshots>;
  onSave(id: string, change: { title?: string; url?: string; tags?: string[] }): Promise<void>;
  onMoveTo(folderId: string): void;
  onTags(add: boolean, tag: string): Promise<void>;
  onOpenAll(): void;
  onDelete(): void;
}

function splitTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

export function DetailsPane({ tree, version, ids, folders, renameRequest, loadSnapshots, onSave, onMoveTo, onTags, onOpenAll, onDelete }: Props) {
  const single = ids.length === 1 ? tree.get(ids[0]!) : undefined;
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [tags, setTags] = useState('');
  const [bulkTag, setBulkTag] = useState('');
  const nameField = useRef<HTMLInputElement>(null);
  const editedId = single?.id ?? null;
  const archived = useArchivedCopy(loadSnapshots, single?.kind === 'bookmark' ? single.id : null, single?.url);
  // A change made elsewhere shows in the fields unless the person is editing them (then theirs is kept until saved).
  const [dirty, setDirty] = useState(false);
  useEffect(() => setDirty(false), [editedId]);
  useEffect(() => {
    if (!single || dirty) return;
    setTitle(tree.titleOf(single.id));
    setUrl(single.url);
    setTags(tree.tagsOf(single.url).join(', '));
  }, [editedId, version, dirty]);
  useEffect(() => {
    if (renameRequest) {
      nameField.current?.focus();
      nameField.current?.select();
    }
  }, [renameRequest]);

  if (ids.length === 0) return <aside class="org-details muted">{t('organizerNothingSelected')}</aside>;
  const parentOf = single?.parentId ?? tree.get(ids[0]!)?.parentId ?? '';
  const picker = (
    <label class="org-field">
      <span>{t('organizerMoveTo')}</span>
      <FolderPicker id="org-move-to" folders={folders} recent={[]} value={parentOf} onChange={onMoveTo} />
    </label>
  );
  if (!single) {
    return (
      <aside class="org-details" aria-label={t('organizerDetailsLabel')}>
        <p>{plural('organizerSelectedCount', ids.length)}</p>
        {picker}
        <form
          class="org-bulk-tags"
          onSubmit={(e) => {
            e.preventDefault();
          }}
        >
          <label class="org-field">
            <span>{t('organizerTag')}</span>
            <input type="text" value={bulkTag} onInput={(e) => setBulkTag((e.currentTarget as HTMLInputElement).value)} data-testid="organizer-bulk-tag" />
          </label>
          <button type="button" disabled={!bulkTag.trim()} onClick={() => void onTags(true, bulkTag.trim()).then(() => setBulkTag(''))}>
            {t('organizerAddTag')}
          </button>
          <button type="button" disabled={!bulkTag.trim()} onClick={() => void onTags(false, bulkTag.trim()).then(() => setBulkTag(''))}>
            {t('organizerRemoveTag')}
          </button>
        </form>
        <div class="org-actions">
          <button type="button" onClick={onOpenAll}>
            {t('organizerOpenAll')}
          </button>
          <button type="button" class="danger" onClick={onDelete}>
            {t('organizerDelete')}
          </button>
        </div>
      </aside>
    );
  }
  const isBookmark = single.kind === 'bookmark';
  const keyword = isBookmark ? tree.keywordOf(single.url) : null;
  if (single.kind === 'separator') {
    return (
      <aside class="org-details" aria-label={t('organizerDetailsLabel')}>
        <p>{t('organizerSeparator')}</p>
        {picker}
        <button type="button" class="danger" onClick={onDelete}>
          {t('organizerDelete')}
        </button>
      </aside>
    );
  }
  return (
    <aside class="org-details" aria-label={t('organizerDetailsLabel')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const change: { title?: string; url?: string; tags?: string[] } = {};
          if (title !== tree.titleOf(single.id)) change.title = title;
          if (isBookmark && url !== single.url) change.url = url.trim();
          if (isBookmark) {
            const next = splitTags(tags);
            if (next.join(',') !== tree.tagsOf(single.url).join(',')) change.tags = next;
          }
          void onSave(single.id, change).then(() => setDirty(false));
        }}
      >
        <label class="org-field">
          <span>{t('organizerColumnName')}</span>
          <input
            ref={nameField}
            type="text"
            value={title}
            onInput={(e) => (setTitle((e.currentTarget as HTMLInputElement).value), setDirty(true))}
            data-testid="organizer-name"
          />
        </label>
        {isBookmark ? (
          <>
            <label class="org-field">
              <span>{t('organizerColumnAddress')}</span>
              <input type="url" value={url} onInput={(e) => (setUrl((e.currentTarget as HTMLInputElement).value), setDirty(true))} data-testid="organizer-url" />
            </label>
            <label class="org-field">
              <span>{t('organizerColumnTags')}</span>
              <input type="text" value={tags} onInput={(e) => (setTags((e.currentTarget as HTMLInputElement).value), setDirty(true))} data-testid="organizer-tags" />
            </label>
            {keyword !== null && (
              <p class="org-field" data-testid="organizer-keyword">
                <span>{t('organizerKeyword')}</span> <Untrusted>{keyword}</Untrusted>
                <small class="muted">{t('organizerKeywordNote')}</small>
              </p>
            )}
          </>
        ) : null}
        <p class="muted">{t('organizerAddedOn', formatDate(single.dateAdded))}</p>
        {isBookmark && archived && (
          <p>
            <ArchivedCopy snapshot={archived} />
          </p>
        )}
        <div class="org-actions">
          <button type="submit" disabled={!dirty}>
            {t('organizerSave')}
          </button>
          <button type="button" class="danger" onClick={onDelete}>
            {t('organizerDelete')}
          </button>
        </div>
      </form>
      {picker}
    </aside>
  );
}
