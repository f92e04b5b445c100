/**
 * Link health's fixes on the view: the selection (per bookmark, or a whole class with its section's "select all"),
 * the bar that offers what fits the selection (update the moved ones to their new address, remove the dead ones or
 * move them to a folder), the preview in a confirm dialog (every bookmark with what changes, and what is left out and
 * why), progress for large fixes with Cancel, and the result: what was done, what was left alone and why, with Undo
 * (the history's, so it is also in the Duplicates page's history and under the organizer's Ctrl+Z) and then Redo.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatNumber, plural, t, type MessageId } from '../../i18n';
import type { FixAction, FixChange, FixLeftOut, FixLeftOutReason, FixPreview, FixProgress, FixResult, LinkItem } from '../../link-health/protocol';
import { DEAD_CLASSES } from '../../link-health';
import type { JobHandle } from '../../app-protocol';
import type { HistoryResult } from '../../operation-history';
import { errorMessage, useClient } from '../client-context';
import { ConfirmDialog } from '../ConfirmDialog';
import { FolderSelect } from '../FolderSelect';
import { describeLeftAlone } from '../../operation-words';
import { ProgressBar } from '../ProgressBar';
import { showBidiControls, Untrusted, UntrustedCode } from '../../ui';
import { useFolders } from '../useFolders';

/** Bookmarks listed by name in a preview or a result; the rest are counted. */
const LISTED = 200;

const REASON: Record<FixLeftOutReason, MessageId> = {
  gone: 'linksLeftGone',
  'url-changed': 'linksLeftUrlChanged',
  changed: 'linksLeftChanged',
  'not-moved': 'linksLeftNotMoved',
  'not-dead': 'linksLeftNotDead',
  'in-folder': 'linksLeftInFolder',
  failed: 'linksLeftFailed',
};

/** The bookmarks a fix acts on: the moved ones for an update, the dead ones for a removal or a move. */
export const fits = (action: FixAction, item: LinkItem) => (action === 'update' ? item.class === 'moved' : item.class !== null && DEAD_CLASSES.has(item.class));

const folderText = (path: readonly string[]) => path.join(' › ');

function previewTitle(p: FixPreview): string {
  const n = p.changes.length;
  if (p.action === 'update') return plural('linksConfirmUpdate', n);
  if (p.action === 'remove') return plural('linksConfirmRemove', n);
  return plural('linksConfirmMove', n, folderText(p.folder?.path ?? []));
}

function resultText(r: FixResult): string {
  if (r.action === 'update') return plural('linksUpdated', r.done);
  if (r.action === 'remove') return plural('linksRemoved', r.done);
  return plural('linksMovedTo', r.done, folderText(r.folder?.path ?? []));
}

function LeftOutList({ list, testId }: { list: readonly FixLeftOut[]; testId: string }) {
  return (
    <>
      <ul class="plain-list fix-list" data-testid={testId}>
        {list.slice(0, LISTED).map((l) => (
          <li key={l.id} data-url={l.url} data-reason={l.reason}>
            <Untrusted>{t('linksLeftOutItem', l.title || showBidiControls(l.url), t(REASON[l.reason]))}</Untrusted>
          </li>
        ))}
      </ul>
      {list.length > LISTED && <p class="muted">{plural('linksAndMore', list.length - LISTED)}</p>}
    </>
  );
}

function ChangeRow({ change, action }: { change: FixChange; action: FixAction }) {
  return (
    <li data-testid="fix-change" data-url={change.url}>
      <span class="tagged-what">
        <span>{change.title ? <Untrusted>{change.title}</Untrusted> : <UntrustedCode text={change.url} />}</span>
        <span class="tagged-url">
          {action === 'update' ? (
            <Untrusted>{t('linksFromTo', showBidiControls(change.url), showBidiControls(change.to ?? ''))}</Untrusted>
          ) : (
            <UntrustedCode text={change.url} />
          )}
        </span>
        <span class="muted">
          <Untrusted>{t('linksInFolder', folderText(change.path))}</Untrusted>
        </span>
        {change.tags.length > 0 && (
          <span class="muted">
            <Untrusted>{t(action === 'update' ? 'linksTagsMove' : 'linksTagsGo', change.tags.map(showBidiControls).join(', '))}</Untrusted>
          </span>
        )}
      </span>
    </li>
  );
}

function PreviewDialog({ preview, onConfirm, onCancel }: { preview: FixPreview; onConfirm(): void; onCancel(): void }) {
  const { action, changes, leftOut } = preview;
  const intro: MessageId = action === 'update' ? 'linksPreviewUpdate' : action === 'remove' ? 'linksPreviewRemove' : 'linksPreviewMove';
  const confirm: MessageId = action === 'update' ? 'linksConfirmUpdateButton' : action === 'remove' ? 'linksConfirmRemoveButton' : 'linksConfirmMoveButton';
  return (
    <ConfirmDialog title={previewTitle(preview)} confirmLabel={t(confirm)} danger={action === 'remove'} onConfirm={onConfirm} onCancel={onCancel}>
      <p>{t(intro)}</p>
      <ul class="plain-list fix-list" data-testid="fix-preview" tabIndex={0} aria-label={t('linksPreviewListLabel')}>
        {changes.slice(0, LISTED).map((c) => (
          <ChangeRow key={c.id} change={c} action={action} />
        ))}
      </ul>
      {changes.length > LISTED && <p class="muted">{plural('linksAndMore', changes.length - LISTED)}</p>}
      {leftOut.length > 0 && (
        <>
          <h3>{plural('linksLeftOutHeading', leftOut.length)}</h3>
          <LeftOutList list={leftOut} testId="fix-left-out" />
        </>
      )}
      <p class="muted">{t('linksPreviewUndoNote')}</p>
    </ConfirmDialog>
  );
}

/** A checkbox that shows "some selected" as mixed. */
function SelectAll({ label, count, selected, onChange, disabled }: { label: string; count: number; selected: number; onChange(on: boolean): void; disabled: boolean }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = selected > 0 && selected < count;
  }, [selected, count]);
  return (
    <label class="check select-all">
      <input ref={box} type="checkbox" checked={selected === count && count > 0} disabled={disabled} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />
      {label}
    </label>
  );
}

export interface Selection {
  selected: ReadonlySet<string>;
  /** Selects or unselects the bookmarks with these ids. */
  set(ids: readonly string[], on: boolean): void;
  disabled: boolean;
}

/** The section's "select all" (a whole class). */
export function ClassSelect({ items, selection, label }: { items: readonly LinkItem[]; selection: Selection; label: string }) {
  const ids = items.map((i) => i.id);
  const selected = ids.filter((id) => selection.selected.has(id)).length;
  return <SelectAll label={label} count={ids.length} selected={selected} disabled={selection.disabled} onChange={(on) => selection.set(ids, on)} />;
}

/** One bookmark's checkbox. */
export function ItemSelect({ item, selection }: { item: LinkItem; selection: Selection }) {
  return (
    <input
      type="checkbox"
      class="item-select"
      checked={selection.selected.has(item.id)}
      disabled={selection.disabled}
      aria-label={t('linksSelectItem', item.title || showBidiControls(item.url))}
      onChange={(e) => selection.set([item.id], (e.target as HTMLInputElement).checked)}
    />
  );
}

/** "Move to" a folder: the folders are read when the bar is first shown (a view without dead links asks for none). */
function MoveTo({ folderId, onFolder, count, disabled, onMove }: { folderId: string; onFolder(id: string): void; count: number; disabled: boolean; onMove(): void }) {
  const { folders } = useFolders();
  return (
    <span class="move-to">
      <label for="links-move-folder">{t('linksMoveTo')}</label>
      <FolderSelect id="links-move-folder" folders={folders} value={folderId} onChange={onFolder} placeholder={['', t('linksChooseFolder')]} />
      <button type="button" disabled={disabled || count === 0 || !folderId} onClick={onMove}>
        {plural('linksMoveButton', count)}
      </button>
    </span>
  );
}

type Undo = { redo: boolean; running: boolean; result: HistoryResult | null; error: string | null };

/**
 * The selection state and everything a fix shows. `items` are the view's results (after every reload), `onChanged`
 * reloads them after a fix, an undo or a redo.
 */
export function useLinkFixes(items: readonly LinkItem[] | null, onChanged: () => void) {
  const client = useClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [folderId, setFolderId] = useState('');
  const [preview, setPreview] = useState<FixPreview | null>(null);
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState<{ handle: JobHandle<FixResult>; progress: FixProgress | null } | null>(null);
  const [result, setResult] = useState<FixResult | null>(null);
  const [undo, setUndo] = useState<Undo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [nothing, setNothing] = useState<FixPreview | null>(null);

  // A reload drops what is no longer listed from the selection.
  useEffect(() => {
    if (!items) return;
    const listed = new Set(items.map((i) => i.id));
    setSelected((s) => ([...s].every((id) => listed.has(id)) ? s : new Set([...s].filter((id) => listed.has(id)))));
  }, [items]);

  const busy = asking || !!running || !!undo?.running;
  const selection: Selection = {
    selected,
    disabled: busy,
    set: (ids, on) =>
      setSelected((s) => {
        const next = new Set(s);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
  };
  const chosen = (action: FixAction) => (items ?? []).filter((i) => selected.has(i.id) && fits(action, i));

  const ask = (action: FixAction) => {
    const list = chosen(action);
    if (!list.length) return;
    setError(null);
    setNothing(null);
    setAsking(true);
    client
      .call('links.fixPreview', { action, items: list.map((i) => ({ id: i.id, url: i.url })), ...(action === 'move' ? { folderId } : {}) })
      .then((p) => (p.changes.length ? setPreview(p) : setNothing(p)))
      .catch((e: unknown) => setError(errorMessage(e)))
      .finally(() => setAsking(false));
  };

  const run = (p: FixPreview) => {
    setPreview(null);
    setResult(null);
    setUndo(null);
    const changes = p.changes.map((c) => ({ id: c.id, url: c.url, title: c.title, parentId: c.parentId, to: c.to }));
    const handle = client.startJob('links.fix', { action: p.action, changes, ...(p.folder ? { folderId: p.folder.id } : {}) }, (progress) =>
      setRunning((r) => (r?.handle === handle ? { handle, progress } : r)),
    );
    setRunning({ handle, progress: null });
    handle.result
      .then((r) => {
        setResult(r);
        setSelected(new Set());
      })
      .catch((e: unknown) => setError(errorMessage(e)))
      .finally(() => {
        setRunning(null);
        onChanged();
      });
  };

  const takeBack = (redo: boolean) => {
    if (!result?.operationId) return;
    setError(null);
    setUndo({ redo, running: true, result: null, error: null });
    client
      .startJob(redo ? 'history.redo' : 'history.undo', { sessionId: result.operationId })
      .result.then(
        (r) => setUndo({ redo, running: false, result: r, error: null }),
        (e: unknown) => setUndo({ redo, running: false, result: null, error: errorMessage(e) }),
      )
      .finally(() => {
        onChanged();
      });
  };

  const counts = { update: chosen('update').length, dead: chosen('remove').length };
  const fixable = (items ?? []).some((i) => fits('update', i) || fits('remove', i));

  const bar = fixable && (
    <div class="bulk-actions fix-bar" role="group" aria-label={t('linksFixBarLabel')} data-testid="fix-bar">
      <span class="muted" aria-live="polite">
        {plural('linksSelected', selected.size)}
      </span>
      <button type="button" disabled={busy || counts.update === 0} onClick={() => ask('update')}>
        {plural('linksUpdateButton', counts.update)}
      </button>
      <button type="button" class="danger" disabled={busy || counts.dead === 0} onClick={() => ask('remove')}>
        {plural('linksRemoveButton', counts.dead)}
      </button>
      <MoveTo folderId={folderId} onFolder={setFolderId} count={counts.dead} disabled={busy} onMove={() => ask('move')} />
      {selected.size > 0 && (
        <button type="button" class="link" disabled={busy} onClick={() => setSelected(new Set())}>
          {t('linksClearSelection')}
        </button>
      )}
    </div>
  );

  const p = running?.progress;
  const status = (
    <>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {nothing && (
        <div class="report" role="status" data-testid="fix-nothing">
          <p>{t('linksNothingToChange')}</p>
          <LeftOutList list={nothing.leftOut} testId="fix-left-out" />
        </div>
      )}
      {running && (
        <div data-testid="fix-progress">
          <ProgressBar label={t('linksFixing')} done={p?.done ?? 0} total={p?.total ?? 0} />
          <button type="button" onClick={() => running.handle.cancel()}>
            {t('linksCancel')}
          </button>
        </div>
      )}
      {result && (
        <div class="report" data-testid="fix-result">
          <p role="status">{resultText(result)}</p>
          {result.cancelled && <p>{t('linksFixCancelled')}</p>}
          {result.leftAlone.length > 0 && (
            <>
              <p>{plural('linksLeftAloneHeading', result.leftAlone.length)}</p>
              <LeftOutList list={result.leftAlone} testId="fix-left-alone" />
            </>
          )}
          {undo?.result && (
            <>
              <p role="status" data-testid="fix-undone">
                {undo.redo ? t('linksFixRedone') : t('linksFixUndone')}
              </p>
              {undo.result.leftAlone.length > 0 && (
                <ul class="plain-list">
                  {undo.result.leftAlone.map((l) => (
                    <li key={l.reason}>{describeLeftAlone(l)}</li>
                  ))}
                </ul>
              )}
            </>
          )}
          {undo?.error && (
            <p role="alert" class="error">
              {undo.error}
            </p>
          )}
          {undo?.running && <p class="muted">{undo.redo ? t('linksRedoing') : t('linksUndoing')}</p>}
          {result.operationId && result.done > 0 && !undo?.running && (
            <div class="actions">
              {undo?.result && !undo.redo ? (
                <button type="button" onClick={() => takeBack(true)}>
                  {t('linksRedoFix')}
                </button>
              ) : (
                <button type="button" onClick={() => takeBack(false)}>
                  {t('linksUndoFix')}
                </button>
              )}
            </div>
          )}
        </div>
      )}
      {preview && <PreviewDialog preview={preview} onConfirm={() => run(preview)} onCancel={() => setPreview(null)} />}
    </>
  );

  return { selection, bar, status, fixing: !!running };
}

/** "Select all 12" for a class's section. */
export const classSelectLabel = (label: string, n: number) => t('linksSelectAll', label, formatNumber(n));
