import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';
import type { BookmarkSnapshots } from '../link-health';
import { UNFILED_ID } from '../platform/browser';
import type { CurrentPageCopy, CurrentPageReply } from '../search/types';
import { BookmarkForm } from './BookmarkForm';
import { CurrentPage } from './CurrentPage';
import { folderLabel, UntrustedParts } from '../ui';
import { duplicatesLink, modKey } from './format';
import type { BookmarkDraft, PopupApi } from './popup-api';
import { RESULTS_ID, ResultList, resultId, type ResultAction } from './ResultList';
import { useSearch } from './use-search';

const DEFAULT_FOLDER = UNFILED_ID;
export const READY_MARK = 'tidymarks-popup-ready';
const HINT_ID = 'keys-hint';

interface Props {
  api: PopupApi;
  /** The tab to speak about (tests open the popup as a tab); the active tab when absent. */
  tabId?: number;
  /** Base URL for links into the options page. */
  baseUrl: string;
  /** Closes the popup after a link was opened in the current tab. */
  close(): void;
}

type Editing = { kind: 'add'; folderId: string; tags: string[] } | { kind: 'edit'; copy: CurrentPageCopy; focus: 'title' | 'folder'; fromResults: boolean } | null;

/**
 * The last change made here (or undone, or redone): Undo (or Ctrl/Cmd+Z in the unchanged search box) takes it back,
 * Redo (Ctrl/Cmd+Shift+Z) does it again. The change itself is an operation of the history: after the popup was
 * closed, Ctrl/Cmd+Z in the empty box still undoes it.
 */
interface LastChange {
  /** The search box's text at the change: the keys act only while it is unchanged. */
  text: string;
  /** True when the notice's button redoes (the change was just undone), else it undoes. */
  redo: boolean;
}

const titleOf = (copy: CurrentPageCopy) => copy.title || copy.url;

/**
 * A failure in the notice: the reason comes from the background or Firefox and may quote an address or a title, so
 * it is isolated as one part of the sentence.
 */
const failure = (message: (reason: string) => string, error: unknown) => <UntrustedParts message={message} parts={[(error as Error)?.message ?? String(error)]} />;

export function PopupApp({ api, tabId, baseUrl, close }: Props) {
  const [text, setText] = useState('');
  const [selection, setSelection] = useState<{ for: unknown; index: number }>({ for: null, index: 0 });
  const [refresh, setRefresh] = useState(0);
  const [page, setPage] = useState<CurrentPageReply | null>(null);
  const [pageError, setPageError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [last, setLast] = useState<LastChange | null>(null);
  const [notice, setNotice] = useState<ComponentChildren>(null);
  const input = useRef<HTMLInputElement>(null);
  const { reply, answered, error } = useSearch(api.search, text, refresh);
  const [archived, setArchived] = useState<BookmarkSnapshots>({});

  const loadPage = () =>
    api.currentPage(tabId).then(
      (p) => {
        setPage(p);
        setPageError(null);
      },
      (e: Error) => setPageError(t('popupPageReadError', e.message)),
    );

  // Layout effects run right after the first render, not a frame later: the requests start as early as possible.
  useLayoutEffect(() => {
    input.current?.focus();
    void loadPage();
    // Firefox gives the toolbar panel the keyboard a frame after showing it (focusing the window, which can leave
    // no element focused, measured in tests/e2e/real-keys.e2e.ts): the search box takes it then.
    const takeFocus = () => {
      if (!document.activeElement || document.activeElement === document.body) input.current?.focus();
    };
    window.addEventListener('focus', takeFocus);
    return () => window.removeEventListener('focus', takeFocus);
  }, []);

  // The selection belongs to one answer: a new answer starts at its first result.
  const active = selection.for === reply ? selection.index : 0;
  const setActive = (next: number | ((current: number) => number)) =>
    setSelection((s) => {
      const current = s.for === reply ? s.index : 0;
      return { for: reply, index: typeof next === 'function' ? next(current) : next };
    });

  // User Timing mark once the current page status and the first results are on screen (read by bench/popup.bench.ts).
  const readyMarked = useRef(false);
  useLayoutEffect(() => {
    if (readyMarked.current || !(page || pageError) || !(reply || error)) return;
    readyMarked.current = true;
    performance.mark(READY_MARK);
  }, [page, pageError, reply, error]);

  // A new bookmark starts where the quick-bookmark command puts them, with its default tags (Settings).
  const startAdd = () =>
    api.addDefaults().then(
      (d) => setEditing({ kind: 'add', folderId: d.folderId ?? DEFAULT_FOLDER, tags: d.tags }),
      () => setEditing({ kind: 'add', folderId: DEFAULT_FOLDER, tags: [] }),
    );

  const items = reply?.items ?? [];
  const words = reply?.words ?? [];
  const activeItem = items[active];
  const activeBookmark = activeItem?.kind === 'bookmark' ? activeItem : undefined;

  // The archived copies of the current page's bookmarks come after it: nothing waits for them. (Search results show
  // none: their options hold nothing focusable, and the popup's bundle has no room for a shortcut to them.)
  useEffect(() => {
    const ids = page?.copies.map((b) => b.id) ?? [];
    if (ids.length) api.snapshots(ids).then(setArchived, () => undefined); // the copies are an extra: without them the popup works as before
  }, [page]);

  const open = async (index: number, newTab: boolean) => {
    const item = items[index];
    if (!item) return;
    try {
      await api.open(item.url, { newTab, tabId: page?.tab?.id });
      if (!newTab) close();
    } catch (e) {
      setNotice(failure((reason) => t('popupOpenFailed', reason), e));
    }
  };

  const focusSearch = () => input.current?.focus();

  const afterChange = (message: ComponentChildren, offerRedo = false) => {
    setEditing(null);
    setNotice(message);
    setLast({ text, redo: offerRedo });
    void loadPage();
    setRefresh((r) => r + 1);
    focusSearch();
  };

  const remove = async (copy: CurrentPageCopy) => {
    try {
      await api.removeBookmark(copy);
      afterChange(<UntrustedParts message={(title, path) => t('popupRemoved', title, path)} parts={[titleOf(copy), folderLabel(copy.folders)]} />);
    } catch (e) {
      setNotice(failure((reason) => t('popupRemoveFailed', reason), e));
    }
  };

  /** Undoes (or redoes) the popup's last change through the history, and says what it did and what it left alone. */
  const takeBack = async (redo: boolean) => {
    try {
      const result = await (redo ? api.redo() : api.undo());
      // The words for an operation are the pages' own; loaded when first needed, not to open the popup.
      const { describeLeftAlone, describeOperation } = await import('../operation-words');
      const what = describeOperation(result.operation);
      const left = result.leftAlone.map(describeLeftAlone).join(' ');
      // What the change was names titles: isolated as one part, it cannot turn the words after it around.
      const done = <UntrustedParts message={(change) => t(redo ? 'popupRedone' : 'popupUndone', change)} parts={[what]} />;
      afterChange(
        left ? (
          <>
            {done} {left}
          </>
        ) : (
          done
        ),
        !redo,
      );
    } catch (e) {
      setNotice(failure((reason) => (redo ? t('popupRedoFailed', reason) : t('popupUndoFailed', reason)), e));
    }
  };

  /** Edit, move or remove a search result: read as Firefox has it now (it may have changed since the search). */
  const resultAction = async (index: number, action: ResultAction) => {
    const item = items[index];
    if (!item || item.kind !== 'bookmark') return;
    let copy: CurrentPageCopy;
    try {
      copy = await api.bookmark(item.id);
    } catch (e) {
      setNotice(failure((reason) => t('popupReadBookmarkFailed', reason), e));
      setRefresh((r) => r + 1);
      return;
    }
    if (action === 'remove') await remove(copy);
    else setEditing({ kind: 'edit', copy, focus: action === 'move' ? 'folder' : 'title', fromResults: true });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const mod = e.ctrlKey || e.metaKey;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(items.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void open(active, mod);
    } else if (mod && !e.altKey && e.key.toLowerCase() === 'e') {
      e.preventDefault();
      if (activeBookmark) void resultAction(active, e.shiftKey ? 'move' : 'edit');
    } else if (e.key === 'Delete' && e.shiftKey && !mod && activeBookmark) {
      e.preventDefault();
      void resultAction(active, 'remove');
    } else if (mod && !e.altKey && e.key.toLowerCase() === 'z' && (last ? last.text === text : text === '')) {
      // Only while the box is as it was at the change (or empty, for a change made before the popup opened):
      // otherwise Ctrl/Cmd+Z undoes typing as usual.
      e.preventDefault();
      void takeBack(e.shiftKey);
    } else if (e.key === 'Escape' && text) {
      // Esc clears the box; a second Esc (empty box) closes the popup as usual. In the toolbar panel Firefox closes
      // the panel on Esc before the page sees the key (the × button clears there).
      e.preventDefault();
      setText('');
    }
  };

  useEffect(() => {
    document.getElementById(resultId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const tab = page?.tab;
  // Label the list by the text its answer is for: while a new answer is on its way the old list stays.
  const emptyBox = (answered ?? '').trim() === '';
  const listLabel = emptyBox ? t('popupRecentBookmarks') : t('popupSearchResults');

  let list;
  if (error) {
    list = (
      <p class="error" role="alert">
        {error}
      </p>
    );
  } else if (!reply) {
    list = <p class="muted">{t('popupLoading')}</p>;
  } else if (items.length === 0) {
    list = (
      <p class="muted empty" data-testid="no-results">
        {emptyBox ? t('popupNoBookmarks') : t('popupNothingMatches', (answered ?? '').trim())}
      </p>
    );
  } else {
    list = (
      <ResultList
        items={items}
        words={words}
        active={active}
        label={listLabel}
        onHover={setActive}
        onOpen={(i, newTab) => void open(i, newTab)}
        onAction={(i, action) => void resultAction(i, action)}
      />
    );
  }

  const form =
    editing && (editing.kind === 'edit' || tab) ? (
      <BookmarkForm
        key={editing.kind === 'edit' ? `${editing.copy.id}:${editing.focus}` : 'add'}
        heading={editing.kind === 'add' ? t('popupAddHeading') : editing.focus === 'folder' ? t('popupMoveHeading') : t('popupEditHeading')}
        submitLabel={editing.kind === 'add' ? t('popupSave') : editing.focus === 'folder' ? t('popupMove') : t('popupSaveChanges')}
        initial={
          editing.kind === 'add'
            ? { url: tab!.url, title: tab!.title, folderId: editing.folderId, tags: editing.tags }
            : { url: editing.copy.url, title: editing.copy.title, folderId: editing.copy.parentId, tags: editing.copy.tags }
        }
        loadFolders={api.folders}
        loadRecentFolders={api.recentFolders}
        createFolder={api.addFolder}
        fallbackFolderId={DEFAULT_FOLDER}
        loadTags={api.tags}
        focus={editing.kind === 'edit' ? editing.focus : 'title'}
        onSubmit={async (draft: BookmarkDraft) => {
          if (editing.kind === 'add') await api.addBookmark(draft);
          else await api.updateBookmark(editing.copy, draft);
          const moved = editing.kind === 'edit' && draft.folderId !== editing.copy.parentId;
          afterChange(editing.kind === 'add' ? t('popupBookmarked') : moved ? t('popupMoved') : t('popupChangesSaved'));
        }}
        onCancel={() => {
          setEditing(null);
          focusSearch();
        }}
      />
    ) : null;
  // A search result is edited next to the results; the current page's copies and a new bookmark in place of the
  // current page's section.
  const formByResults = editing?.kind === 'edit' && editing.fromResults;

  return (
    <main class="popup">
      <div class="search-row">
        <input
          ref={input}
          class="search"
          type="search"
          role="combobox"
          aria-label={t('popupSearchLabel')}
          aria-controls={RESULTS_ID}
          aria-expanded={items.length > 0}
          aria-autocomplete="list"
          aria-activedescendant={items.length ? resultId(active) : undefined}
          aria-describedby={activeBookmark ? HINT_ID : undefined}
          aria-keyshortcuts={activeBookmark ? 'Control+E Control+Shift+E Shift+Delete' : undefined}
          placeholder={t('popupSearchPlaceholder')}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        {text && (
          // Firefox closes the toolbar popup on Esc before the page sees the key: this is how the keyboard clears there.
          <button
            type="button"
            class="clear-search"
            aria-label={t('popupClearSearch')}
            title={t('popupClearSearch')}
            onClick={() => {
              setText('');
              focusSearch();
            }}
          >
            ×
          </button>
        )}
      </div>
      {form && !formByResults && form}
      {!(form && !formByResults) && (
        <CurrentPage
          page={page}
          archived={archived}
          error={pageError}
          duplicatesHref={(url) => duplicatesLink(url, baseUrl)}
          onAdd={() => void startAdd()}
          onEdit={(copy) => setEditing({ kind: 'edit', copy, focus: 'title', fromResults: false })}
          onRemove={(copy) => void remove(copy)}
          onOpenLink={(href) => void api.open(href, { newTab: true }).then(close, (e: unknown) => setNotice(failure((reason) => t('popupOpenFailed', reason), e)))}
        />
      )}
      {(notice || last) && (
        <div class="notice" role="status">
          <span class="notice-text">{notice}</span>
          {last && (
            <button type="button" onClick={() => void takeBack(last.redo)} title={last.redo ? t('popupRedoTitle', modKey()) : t('popupUndoTitle', modKey())}>
              {last.redo ? t('popupRedo') : t('popupUndo')}
            </button>
          )}
        </div>
      )}
      {form && formByResults && form}
      {/* data-answered: the search text the list below answers (tests wait for the answer to what they typed). */}
      <section class="results-section" aria-label={listLabel} data-answered={answered ?? undefined}>
        <h2 class="section-title">{listLabel}</h2>
        {activeBookmark && !editing && (
          <p id={HINT_ID} class="keys-hint">
            {t('popupKeysHint', modKey())}
          </p>
        )}
        {list}
      </section>
    </main>
  );
}
