/**
 * The organizer: folder tree, list (a folder's children or search results across folders, with their folder) with
 * the open folder's breadcrumb above it and the details pane below it (as in Firefox's Library), toolbar. The list's
 * columns are resized by hand and kept (use-column-widths.ts). The same component is the options page's "Bookmarks"
 * tab, using the window's width, and the sidebar panel (`narrow`: one column, the tree above, the toolbar folded into
 * a menu, search results on two lines). Everything works from the keyboard and with the pointer; every write goes to
 * the background (organizer-api.ts) and shows through the Places events, like anyone else's change.
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Client } from '../app-protocol';
import { errorMessage } from '../platform/bookmark-reads';
import { describeLeftAlone, describeOperation } from '../operation-words';
import type { OperationSummary } from '../operation-history';
import { plural, t } from '../i18n';
import { showBidiControls } from '../ui';
import type { MessageId } from '../i18n';
import { dropRefusal, type DropRefusal, type DropTarget } from '../organizer';
import { EMPTY_SELECTION, keepShown, moveFocus, selectAll, selectedInOrder, selectRow, type Selection } from '../organizer';
import { sortRows, type ColumnId, type ColumnSort, type FolderSortKey } from '../organizer';
import type { OrganizerTree } from '../organizer';
import { ROOT_ID, TOOLBAR_ID, USER_ROOT_IDS } from '../platform/browser';
import type { FolderChoice } from '../search/types';
import { DetailsPane } from './DetailsPane';
import { AUTO_EXPAND_MS, DRAG_THRESHOLD_PX, dropOverAt, edgeScroll, type DragState } from './drag';
import { FolderTree } from './FolderTree';
import { Breadcrumb, folderLine } from './Breadcrumb';
import { ItemList, ROW_HEIGHT, TWO_LINE_ROW_HEIGHT } from './ItemList';
import { columnValue } from './ListRow';
import { Toolbar } from './Toolbar';
import { useColumnWidths } from './use-column-widths';
import { createOrganizerApi } from './organizer-api';
import { useOrganizerTree } from './use-organizer-tree';
import './organizer.css';

/** What a person reads when a drop is refused, one message per reason. */
const REFUSAL_TEXT: Record<DropRefusal, MessageId> = {
  intoItself: 'organizerDropRefused_intoItself',
  intoRoot: 'organizerDropRefused_intoRoot',
  moveRoot: 'organizerDropRefused_moveRoot',
  notFolder: 'organizerDropRefused_notFolder',
  gone: 'organizerDropRefused_gone',
  nothing: 'organizerDropRefused_nothing',
};

/** The Folder column is shown for search results only (ItemList's folderShown). */
const WIDE_COLUMNS: readonly ColumnId[] = ['name', 'folder', 'address', 'tags', 'added', 'lastVisit', 'visits', 'copies'];
const NARROW_COLUMNS: readonly ColumnId[] = ['name', 'folder'];
const EXPANDED_KEY = 'tidymarks-organizer-expanded';
export const SHOWN_MARK = 'tidymarks-organizer-shown';
const FOLDER_KEY = 'tidymarks-organizer-folder';

/** The folders open in the tree, as the person left them; the first time, the roots. */
function readExpanded(): Set<string> {
  try {
    const stored = localStorage.getItem(EXPANDED_KEY);
    if (stored === null) return new Set(USER_ROOT_IDS);
    const value = JSON.parse(stored) as unknown;
    return new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

type Clipboard = { mode: 'cut' | 'copy'; ids: string[] } | null;
interface Status {
  text: string;
  error: boolean;
}

function isMac(): boolean {
  return /Mac/.test(navigator.platform);
}

const NO_FOLDERS: readonly FolderChoice[] = [];

function folderChoices(tree: OrganizerTree): FolderChoice[] {
  const out: FolderChoice[] = [];
  const stack = [...tree.folderChildren(ROOT_ID)].reverse();
  while (stack.length) {
    const id = stack.pop()!;
    out.push({ id, path: [...tree.path(id)] });
    stack.push(...[...tree.folderChildren(id)].reverse());
  }
  return out;
}

/** Below this window width the three panes do not fit side by side: one column, as in the sidebar. */
const NARROW_WINDOW = '(max-width: 760px)';

function useNarrowWindow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW_WINDOW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW_WINDOW);
    const update = () => setNarrow(query.matches);
    query.addEventListener('change', update);
    update();
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow;
}

export function OrganizerView({ client, narrow = false }: { client: Client; narrow?: boolean }) {
  const { tree, version, error } = useOrganizerTree(client);
  const narrowWindow = useNarrowWindow();
  if (error)
    return (
      <p role="alert" class="error">
        {error}
      </p>
    );
  if (!tree)
    return (
      <p class="muted" role="status">
        {t('organizerLoading')}
      </p>
    );
  return <Organizer client={client} narrow={narrow || narrowWindow} sidebar={narrow} tree={tree} version={version} />;
}

function Organizer({ client, narrow, sidebar, tree, version }: { client: Client; narrow: boolean; sidebar: boolean; tree: OrganizerTree; version: number }) {
  const api = useMemo(() => createOrganizerApi(client), [client]);
  const [folderId, setFolderId] = useState(() => localStorage.getItem(FOLDER_KEY) ?? TOOLBAR_ID);
  const [expanded, setExpanded] = useState(readExpanded);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<ColumnSort | null>(null);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [drag, setDrag] = useState<DragState | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [clipboard, setClipboard] = useState<Clipboard>(null);
  const [renameRequest, setRenameRequest] = useState(0);
  const [sortBy, setSortBy] = useState<FolderSortKey>('name');
  const [foldersFirst, setFoldersFirst] = useState(true);
  const [newUrl, setNewUrl] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const previousRows = useRef<readonly string[]>([]);
  const typeAhead = useRef({ text: '', at: 0 });

  const searching = query.trim() !== '';
  const columns = narrow ? NARROW_COLUMNS : WIDE_COLUMNS;

  // The folder shown went away (removed here or elsewhere): show its nearest remaining place.
  const shownFolder = tree.get(folderId)?.kind === 'folder' ? folderId : TOOLBAR_ID;
  // Visits and copy counts coming in change no row unless the list is sorted (by them, or by what may hold them).
  const rows = useMemo(() => {
    const base = searching ? tree.search(query) : [...tree.children(shownFolder)];
    return sort ? sortRows(base, (id) => columnValue(tree, id, sort.column), sort.descending) : base;
  }, [tree, tree.itemsVersion, shownFolder, query, sort, sort ? version : 0]);
  useEffect(() => {
    setSelection((s) => keepShown(s, rows, previousRows.current));
    previousRows.current = rows;
  }, [rows]);
  useEffect(() => localStorage.setItem(EXPANDED_KEY, JSON.stringify([...expanded])), [expanded]);
  useEffect(() => localStorage.setItem(FOLDER_KEY, shownFolder), [shownFolder]);
  const selected = useMemo(() => selectedInOrder(selection, rows), [selection, rows]);
  // The folder picker of the details pane, only while something is selected (5,000 folders' paths are not free).
  const folders = useMemo(() => (selected.length ? folderChoices(tree) : NO_FOLDERS), [tree, tree.itemsVersion, selected.length > 0]);
  // The tree and the list are on screen (bench/organizer.bench.ts measures the page's open up to here).
  useEffect(() => void performance.mark(SHOWN_MARK), []);

  const say = (text: string, isError = false) => setStatus({ text, error: isError });
  const [columnWidths, resizeColumn] = useColumnWidths(api, (message) => say(message, true));
  const [last, setLast] = useState<{ undo: OperationSummary | null; redo: OperationSummary | null }>({ undo: null, redo: null });
  /** Undos and redos asked for and not finished: each runs after the one before (Ctrl+Z pressed twice undoes two). */
  const [takingBack, setTakingBack] = useState(0);
  const takeBackChain = useRef<Promise<void>>(Promise.resolve());
  const refreshHistory = () =>
    void api.history().then(
      (all) => setLast({ undo: all.find((s) => s.next === 'undo') ?? null, redo: all.find((s) => s.next === 'redo') ?? null }),
      () => setLast({ undo: null, redo: null }),
    );
  useEffect(() => {
    refreshHistory();
    // Another tab may have run a cleanup or an import meanwhile.
    window.addEventListener('focus', refreshHistory);
    return () => window.removeEventListener('focus', refreshHistory);
  }, [api]);
  const run = async (work: () => Promise<string | null>) => {
    try {
      const text = await work();
      if (text) say(text);
    } catch (e) {
      say(errorMessage(e), true);
    } finally {
      refreshHistory();
    }
  };
  /**
   * Undoes the newest operation of the history, or does the last undone one again (asked for again now: the buttons
   * may be older than another tab's cleanup), and says what it did and what it left alone.
   */
  const takeBack = (redo: boolean) => {
    setTakingBack((n) => n + 1);
    takeBackChain.current = takeBackChain.current.then(() => takeBackNow(redo)).finally(() => setTakingBack((n) => n - 1));
  };
  const takeBackNow = (redo: boolean) =>
    run(async () => {
      const next = (await api.history()).find((s) => s.next === (redo ? 'redo' : 'undo'));
      if (next) say(t(redo ? 'organizerRedoing' : 'organizerUndoing', describeOperation(next)));
      // The background picks the operation when its turn comes in the history's queue: an edit still being written
      // (its row already gone, its operation not finished) is the newest then, not the one before it.
      let result;
      try {
        result = await (redo ? api.redo() : api.undo());
      } catch (error) {
        if (!next) return t(redo ? 'organizerNothingToRedo' : 'organizerNothingToUndo');
        throw error;
      }
      const what = describeOperation(result.operation);
      const left = result.leftAlone.map(describeLeftAlone).join(' ');
      if (redo) return left ? t('organizerRedoneLeftAlone', what, left) : t('organizerRedone', what);
      return left ? t('organizerUndoneLeftAlone', what, left) : t('organizerUndone', what);
    });
  const onOrganizerKey = (event: JSX.TargetedKeyboardEvent<HTMLDivElement>) => {
    const mod = isMac() ? event.metaKey : event.ctrlKey;
    const target = event.target as HTMLElement;
    // In a text field Ctrl+Z undoes typing, as everywhere.
    if (!mod || event.altKey || target.closest('input, textarea, select')) return;
    const key = event.key.toLowerCase();
    // Redo: Ctrl+Shift+Z everywhere, Ctrl+Y too off the Mac (Cmd+Y opens the history there).
    const redo = (key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey && !isMac());
    if (key !== 'z' && !redo) return;
    event.preventDefault();
    takeBack(redo);
  };
  const refusalText = (reason: DropRefusal) => t(REFUSAL_TEXT[reason]);

  /** Shows a folder's contents; the tree opens down to it, so its row is the tree's selection wherever it was opened. */
  const openFolder = (id: string) => {
    setFolderId(id);
    setQuery('');
    setSelection(EMPTY_SELECTION);
    const above = folderLine(tree, id).slice(0, -1);
    if (above.some((folder) => !expanded.has(folder))) setExpanded((old) => new Set([...old, ...above]));
  };
  const toggle = (id: string, open: boolean) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Where new items, pastes and drops without a row go: after the focused row of the folder shown, else its end. */
  const insertionPoint = (): DropTarget => {
    if (!searching && selection.focus && tree.get(selection.focus)?.parentId === shownFolder) {
      const siblings = tree.children(shownFolder);
      return { parentId: shownFolder, beforeId: siblings[siblings.indexOf(selection.focus) + 1] ?? null };
    }
    return { parentId: shownFolder, beforeId: null };
  };

  const moveOrCopy = (ids: string[], target: DropTarget, copy: boolean) =>
    run(async () => {
      const refusal = copy ? null : dropRefusal(tree, ids, target);
      if (refusal) throw new Error(refusalText(refusal));
      const reply = copy ? await api.copy(ids, target) : await api.move(ids, target);
      const done = plural(copy ? 'organizerCopied' : 'organizerMoved', reply.done, tree.titleOf(target.parentId));
      return reply.skipped ? `${done} ${plural('organizerSkipped', reply.skipped)}` : done;
    });

  const remove = (ids: string[]) =>
    run(async () => {
      if (!ids.length) return null;
      const reply = await api.remove(ids);
      return plural('organizerDeleted', reply.done);
    });

  const openItem = (id: string) => {
    const node = tree.get(id);
    if (!node) return;
    if (node.kind === 'folder') openFolder(id);
    else if (node.kind === 'bookmark') void run(async () => (await api.open(node.url), null));
  };

  const paste = (text?: string) => {
    const target = insertionPoint();
    if (clipboard) {
      void moveOrCopy(clipboard.ids, target, clipboard.mode === 'copy');
      if (clipboard.mode === 'cut') setClipboard(null);
      return;
    }
    const url = text?.trim();
    if (url && URL.canParse(url)) void run(async () => (await api.create(target, 'bookmark', url, url), t('organizerPastedUrl')));
  };

  // Pasting from the system clipboard: the paste event carries its text without a clipboard permission.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      if (document.activeElement !== listRef.current) return;
      event.preventDefault();
      paste(event.clipboardData?.getData('text/plain'));
    };
    const onCopy = (event: ClipboardEvent) => {
      if (document.activeElement !== listRef.current || !selected.length) return;
      const urls = selected.map((id) => tree.get(id)?.url).filter(Boolean);
      event.clipboardData?.setData('text/plain', urls.join('\n'));
      event.preventDefault();
    };
    document.addEventListener('paste', onPaste);
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCopy);
    return () => {
      document.removeEventListener('paste', onPaste);
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCopy);
    };
  });

  const onListKey = (event: JSX.TargetedKeyboardEvent<HTMLDivElement>) => {
    const mod = isMac() ? event.metaKey : event.ctrlKey;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / (narrow && searching ? TWO_LINE_ROW_HEIGHT : ROW_HEIGHT)) - 1);
    const move = (to: number | 'first' | 'last') => setSelection((s) => moveFocus(s, rows, to, { range: event.shiftKey, focusOnly: mod && !event.shiftKey }));
    const key = event.key;
    if (key === 'ArrowDown') move(1);
    else if (key === 'ArrowUp') move(-1);
    else if (key === 'PageDown') move(page);
    else if (key === 'PageUp') move(-page);
    else if (key === 'Home') move('first');
    else if (key === 'End') move('last');
    else if (mod && key.toLowerCase() === 'a') setSelection((s) => selectAll(s, rows));
    else if (key === ' ' && selection.focus) setSelection((s) => selectRow(s, rows, s.focus!, { toggle: mod, range: event.shiftKey }));
    else if (key === 'Enter' && selection.focus) openItem(selection.focus);
    else if (key === 'F2' && selected.length === 1) setRenameRequest((n) => n + 1);
    else if (key === 'Delete') void remove(selected);
    else if (key === 'Backspace' && !searching) {
      const parent = tree.get(shownFolder)?.parentId;
      if (parent && parent !== ROOT_ID) openFolder(parent);
    } else if (mod && key.toLowerCase() === 'x' && selected.length) {
      setClipboard({ mode: 'cut', ids: selected });
      say(plural('organizerCutCount', selected.length));
      return; // the cut event still runs: it puts the addresses on the system clipboard
    } else if (mod && key.toLowerCase() === 'c' && selected.length) {
      setClipboard({ mode: 'copy', ids: selected });
      say(plural('organizerCopiedCount', selected.length));
      return;
    } else if (mod && key.toLowerCase() === 'v') {
      // Items cut or copied here are pasted at once; otherwise the paste event brings the system clipboard's text.
      if (!clipboard) return;
      paste();
    } else if (key.length === 1 && !mod && !event.altKey && key !== ' ') {
      // Type-ahead: the next row whose name starts with what was typed in the last second.
      const now = event.timeStamp;
      const buffer = now - typeAhead.current.at < 1000 ? typeAhead.current.text + key.toLowerCase() : key.toLowerCase();
      typeAhead.current = { text: buffer, at: now };
      const from = selection.focus ? rows.indexOf(selection.focus) : -1;
      const order = [...rows.slice(from + (buffer.length > 1 ? 0 : 1)), ...rows.slice(0, from + 1)];
      const hit = order.find((id) => tree.titleOf(id).toLowerCase().startsWith(buffer));
      if (hit) setSelection((s) => selectRow(s, rows, hit));
    } else return;
    event.preventDefault();
  };

  // ---- dragging
  const dragRef = useRef<DragState | null>(null);
  const startPointerDrag = (event: PointerEvent, id: string, fromList: boolean) => {
    if (event.button !== 0) return;
    const mod = isMac() ? event.metaKey : event.ctrlKey;
    const wasSelected = selection.ids.has(id);
    if (fromList) {
      listRef.current?.focus();
      if (!wasSelected || mod || event.shiftKey) setSelection((s) => selectRow(s, rows, id, { toggle: mod, range: event.shiftKey }));
    }
    const ids = fromList
      ? wasSelected && !mod && !event.shiftKey
        ? selected
        : selectedInOrder(selectRow(selection, rows, id, { toggle: mod, range: event.shiftKey }), rows)
      : [id];
    const startX = event.clientX;
    const startY = event.clientY;
    let expandTimer: ReturnType<typeof setTimeout> | undefined;
    let expandFor: string | null = null;
    let scrollFrame = 0;
    let lastY = startY;
    const scrollLoop = () => {
      const container = scrollRef.current;
      const dy = container ? edgeScroll(container, lastY) : 0;
      if (dy) container!.scrollTop += dy;
      scrollFrame = dragRef.current ? requestAnimationFrame(scrollLoop) : 0;
    };
    const onMove = (e: PointerEvent) => {
      lastY = e.clientY;
      if (!dragRef.current) {
        if (Math.hypot(e.clientX - startX, e.clientY - startY) < DRAG_THRESHOLD_PX || !ids.length) return;
        dragRef.current = { ids, x: e.clientX, y: e.clientY, over: null };
        scrollFrame = requestAnimationFrame(scrollLoop);
      }
      const over = dropOverAt(tree, ids, e.clientX, e.clientY);
      const hoverFolder = over && over.area === 'tree' && over.zone === 'inside' && !expanded.has(over.rowId) && tree.hasSubfolders(over.rowId) ? over.rowId : null;
      if (hoverFolder !== expandFor) {
        clearTimeout(expandTimer);
        expandFor = hoverFolder;
        if (hoverFolder) expandTimer = setTimeout(() => toggle(hoverFolder, true), AUTO_EXPAND_MS);
      }
      dragRef.current = { ids, x: e.clientX, y: e.clientY, over };
      setDrag(dragRef.current);
    };
    const finish = (e: PointerEvent | null) => {
      removeEventListener('pointermove', onMove);
      removeEventListener('pointerup', onUp);
      removeEventListener('keydown', onKey, true);
      clearTimeout(expandTimer);
      if (scrollFrame) cancelAnimationFrame(scrollFrame);
      const state = dragRef.current;
      dragRef.current = null;
      setDrag(null);
      if (!e) return;
      if (!state) {
        // A press without a drag on a row that was already selected: it becomes the only selection.
        if (fromList && wasSelected && !mod && !event.shiftKey) setSelection((s) => selectRow(s, rows, id));
        return;
      }
      const over = state.over;
      if (!over?.target) return;
      if (over.refusal) return say(refusalText(over.refusal), true);
      void moveOrCopy(state.ids, over.target, isMac() ? e.metaKey : e.ctrlKey);
    };
    const onUp = (e: PointerEvent) => finish(e);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && dragRef.current) {
        e.preventDefault();
        e.stopPropagation();
        finish(null);
      }
    };
    addEventListener('pointermove', onMove);
    addEventListener('pointerup', onUp);
    addEventListener('keydown', onKey, true);
  };

  const createHere = (kind: 'bookmark' | 'folder' | 'separator') =>
    run(async () => {
      const target = insertionPoint();
      if (kind === 'bookmark') {
        const url = (newUrl ?? '').trim();
        if (!url) return null;
        await api.create(target, 'bookmark', url, url);
        setNewUrl(null);
        return t('organizerPastedUrl');
      } else if (kind === 'folder') {
        const { id } = await api.create(target, 'folder', t('organizerNewFolderTitle'));
        setSelection({ ids: new Set([id]), anchor: id, focus: id });
        setRenameRequest((n) => n + 1);
      } else await api.create(target, 'separator');
      return null;
    });

  const selectionIds = selected;
  const dragCount = drag?.ids.length ?? 0;
  const listLabel = searching ? plural('organizerResults', rows.length) : t('organizerFolderContents', tree.titleOf(shownFolder));

  return (
    <div class={`organizer${narrow ? ' narrow' : ''}${sidebar ? ' sidebar' : ''}${drag ? ' dragging' : ''}`} data-testid="organizer" onKeyDown={onOrganizerKey}>
      <Toolbar
        folded={narrow}
        query={query}
        onQuery={setQuery}
        newUrl={newUrl}
        onNewUrl={setNewUrl}
        onCreate={(kind) => void createHere(kind)}
        last={last}
        takingBack={takingBack > 0}
        onTakeBack={takeBack}
        sortBy={sortBy}
        onSortBy={setSortBy}
        foldersFirst={foldersFirst}
        onFoldersFirst={setFoldersFirst}
        canSort={!searching}
        onSortFolder={(by) => void run(async () => plural('organizerSortedMoves', (await api.sortFolder(shownFolder, by, foldersFirst)).done, tree.titleOf(shownFolder)))}
      />
      <p class={`org-status${status?.error ? ' error' : ''}`} role="status" aria-live="polite" data-testid="organizer-status">
        {/* A status sentence holds titles and folder names: their bidi controls are shown, so none turns the sentence around. */}
        {drag ? (drag.over?.refusal ? refusalText(drag.over.refusal) : plural('organizerDragging', dragCount)) : showBidiControls(status?.text ?? '')}
      </p>
      <div class="org-panes">
        <FolderTree
          tree={tree}
          version={version}
          expanded={expanded}
          current={searching ? '' : shownFolder}
          drag={drag}
          onOpen={openFolder}
          onToggle={toggle}
          onPointerDownRow={(e, id) => startPointerDrag(e, id, false)}
        />
        <div class="org-main">
          {searching ? null : <Breadcrumb tree={tree} folderId={shownFolder} onOpen={openFolder} />}
          <ItemList
            tree={tree}
            version={version}
            rows={rows}
            columns={columns}
            folderShown={searching}
            columnWidths={narrow ? null : columnWidths}
            rowHeight={narrow && searching ? TWO_LINE_ROW_HEIGHT : ROW_HEIGHT}
            listKey={searching ? `search:${query}` : shownFolder}
            sort={sort}
            selection={selection}
            drag={drag}
            folderId={searching ? null : shownFolder}
            label={listLabel}
            listRef={listRef}
            scrollRef={scrollRef}
            onSort={(column) => setSort((s) => (s?.column === column ? (s.descending ? null : { column, descending: true }) : { column, descending: false }))}
            onResizeColumn={resizeColumn}
            onRowPointerDown={(e, id) => startPointerDrag(e, id, true)}
            onRowActivate={openItem}
            onKeyDown={onListKey}
          />
          <DetailsPane
            tree={tree}
            version={version}
            ids={selectionIds}
            folders={folders}
            renameRequest={renameRequest}
            loadSnapshots={api.snapshots}
            onSave={(id, change) =>
              run(async () => {
                // One edit, one step of undo: a new name, a new address (the tags go with it), the tags.
                await api.update(id, change);
                return t('organizerSaved');
              })
            }
            onMoveTo={(target) => void moveOrCopy(selectionIds, { parentId: target, beforeId: null }, false)}
            onTags={(add, tag) =>
              run(async () => {
                const urls = [...new Set(selectionIds.map((id) => tree.get(id)?.url).filter((u): u is string => !!u))];
                if (!urls.length) return null;
                const reply = add ? await api.addTags(urls, [tag]) : await api.removeTags(urls, [tag]);
                return plural(add ? 'organizerTagAdded' : 'organizerTagRemoved', reply.changed, tag);
              })
            }
            onOpenAll={() =>
              void run(async () => {
                for (const id of selectionIds) {
                  const url = tree.get(id)?.url;
                  if (url) await api.open(url);
                }
                return null;
              })
            }
            onDelete={() => void remove(selectionIds)}
          />
        </div>
      </div>
    </div>
  );
}
