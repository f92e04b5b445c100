/**
 * The organizer's toolbar: the search field and the actions (new bookmark, folder or separator, undo, redo, sorting
 * the folder shown). Wide, every action is a button of its own; in the sidebar they fold into one menu button
 * (ActionsMenu) beside the search field, and the new bookmark's address field opens below them.
 */
import { t } from '../i18n';
import type { FolderSortKey } from '../organizer';
import type { OperationSummary } from '../operation-history';
import { describeOperation } from '../operation-words';
import { ActionsMenu, type MenuEntry } from './ActionsMenu';

interface Props {
  folded: boolean;
  query: string;
  onQuery(query: string): void;
  /** The new bookmark's address while it is typed; null when the field is closed. */
  newUrl: string | null;
  onNewUrl(url: string | null): void;
  onCreate(kind: 'bookmark' | 'folder' | 'separator'): void;
  last: { undo: OperationSummary | null; redo: OperationSummary | null };
  takingBack: boolean;
  onTakeBack(redo: boolean): void;
  sortBy: FolderSortKey;
  onSortBy(key: FolderSortKey): void;
  foldersFirst: boolean;
  onFoldersFirst(first: boolean): void;
  /** Sorting writes the folder shown: not while search results are. */
  canSort: boolean;
  onSortFolder(by: FolderSortKey): void;
}

const SORT_KEYS: readonly FolderSortKey[] = ['name', 'address', 'date'];
const sortWord = (key: FolderSortKey) => (key === 'name' ? t('organizerSortByName') : key === 'address' ? t('organizerSortByAddress') : t('organizerSortByDate'));

export function Toolbar(props: Props) {
  const { folded, query, onQuery, newUrl, onNewUrl, onCreate, last, takingBack, onTakeBack } = props;
  const undoTitle = last.undo ? t('organizerUndoTitle', describeOperation(last.undo)) : t('organizerNothingToUndo');
  const redoTitle = last.redo ? t('organizerRedoTitle', describeOperation(last.redo)) : t('organizerNothingToRedo');
  const search = (
    <input
      type="search"
      class="org-search"
      placeholder={t('organizerSearchPlaceholder')}
      aria-label={t('organizerSearchPlaceholder')}
      value={query}
      onInput={(e) => onQuery((e.currentTarget as HTMLInputElement).value)}
      data-testid="organizer-search"
    />
  );
  const newBookmarkForm =
    newUrl === null ? null : (
      <form
        class="org-new-bookmark"
        onSubmit={(e) => {
          e.preventDefault();
          onCreate('bookmark');
        }}
      >
        <input
          type="url"
          autoFocus
          required
          placeholder={t('organizerNewBookmarkAddressPlaceholder')}
          aria-label={t('organizerNewBookmarkAddress')}
          value={newUrl}
          onInput={(e) => onNewUrl((e.currentTarget as HTMLInputElement).value)}
          onKeyDown={(e) => e.key === 'Escape' && onNewUrl(null)}
          data-testid="organizer-new-url"
        />
        <button type="submit">{t('organizerAdd')}</button>
        <button type="button" onClick={() => onNewUrl(null)}>
          {t('organizerCancel')}
        </button>
      </form>
    );

  if (folded) {
    const entries: MenuEntry[] = [
      { kind: 'item', label: t('organizerNewBookmark'), onChoose: () => onNewUrl('') },
      { kind: 'item', label: t('organizerNewFolder'), onChoose: () => onCreate('folder') },
      { kind: 'item', label: t('organizerNewSeparator'), onChoose: () => onCreate('separator') },
      { kind: 'separator' },
      { kind: 'item', label: t('organizerUndo'), title: undoTitle, disabled: !last.undo || takingBack, testId: 'organizer-undo', onChoose: () => onTakeBack(false) },
      { kind: 'item', label: t('organizerRedo'), title: redoTitle, disabled: !last.redo || takingBack, testId: 'organizer-redo', onChoose: () => onTakeBack(true) },
      { kind: 'separator' },
      ...SORT_KEYS.map((key): MenuEntry => ({
        kind: 'item',
        label: t('organizerSortFolderByMenu', sortWord(key)),
        disabled: !props.canSort,
        testId: `organizer-sort-folder-${key}`,
        onChoose: () => props.onSortFolder(key),
      })),
      { kind: 'item', label: t('organizerFoldersFirst'), checked: props.foldersFirst, onChoose: () => props.onFoldersFirst(!props.foldersFirst) },
    ];
    return (
      <div class="org-toolbar folded" role="toolbar" aria-label={t('organizerToolbarLabel')}>
        <div class="org-toolbar-line">
          {search}
          <ActionsMenu label={t('organizerActionsMenu')} entries={entries} testId="organizer-actions" />
        </div>
        {newBookmarkForm}
      </div>
    );
  }
  return (
    <div class="org-toolbar" role="toolbar" aria-label={t('organizerToolbarLabel')}>
      {search}
      {newBookmarkForm ?? (
        <button type="button" onClick={() => onNewUrl('')}>
          {t('organizerNewBookmark')}
        </button>
      )}
      <button type="button" disabled={!last.undo || takingBack} title={undoTitle} onClick={() => onTakeBack(false)} data-testid="organizer-undo">
        {t('organizerUndo')}
      </button>
      <button type="button" disabled={!last.redo || takingBack} title={redoTitle} onClick={() => onTakeBack(true)} data-testid="organizer-redo">
        {t('organizerRedo')}
      </button>
      <button type="button" onClick={() => onCreate('folder')}>
        {t('organizerNewFolder')}
      </button>
      <button type="button" onClick={() => onCreate('separator')}>
        {t('organizerNewSeparator')}
      </button>
      <span class="org-sort-folder">
        <select
          aria-label={t('organizerSortBy')}
          value={props.sortBy}
          onChange={(e) => props.onSortBy((e.currentTarget as HTMLSelectElement).value as FolderSortKey)}
          data-testid="organizer-sort-by"
        >
          <option value="name">{t('organizerSortByName')}</option>
          <option value="address">{t('organizerSortByAddress')}</option>
          <option value="date">{t('organizerSortByDate')}</option>
        </select>
        <label>
          <input type="checkbox" checked={props.foldersFirst} onChange={(e) => props.onFoldersFirst((e.currentTarget as HTMLInputElement).checked)} />
          {t('organizerFoldersFirst')}
        </label>
        <button type="button" disabled={!props.canSort} data-testid="organizer-sort-folder" onClick={() => props.onSortFolder(props.sortBy)}>
          {t('organizerSortFolder')}
        </button>
      </span>
    </div>
  );
}
