/**
 * The folder tree: a WAI-ARIA single-select tree (role=tree, treeitems with aria-level/posinset/setsize/expanded),
 * focus kept on the tree with aria-activedescendant. ↑/↓ move, → opens or goes to the first subfolder, ← closes or
 * goes to the parent, Home/End, and the focused folder is the one the list shows (selection follows focus).
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { t } from '../i18n';
import { USER_ROOT_IDS } from '../platform/browser';
import type { OrganizerTree } from '../organizer';
import { Untrusted } from '../ui';
import type { DragState } from './drag';
import { memo, useStableCallback } from './memo';

interface VisibleFolder {
  id: string;
  level: number;
  posinset: number;
  setsize: number;
  hasChildren: boolean;
}

export function visibleFolders(tree: OrganizerTree, expanded: ReadonlySet<string>): VisibleFolder[] {
  const out: VisibleFolder[] = [];
  const walk = (ids: readonly string[], level: number) => {
    ids.forEach((id, i) => {
      const hasChildren = tree.hasSubfolders(id);
      out.push({ id, level, posinset: i + 1, setsize: ids.length, hasChildren });
      if (hasChildren && expanded.has(id)) walk(tree.folderChildren(id), level + 1);
    });
  };
  walk(
    USER_ROOT_IDS.filter((id) => tree.has(id)),
    1,
  );
  return out;
}

interface Props {
  tree: OrganizerTree;
  version: number;
  expanded: ReadonlySet<string>;
  current: string;
  drag: DragState | null;
  onOpen(id: string): void;
  onToggle(id: string, open: boolean): void;
  onPointerDownRow(event: PointerEvent, id: string): void;
}

export function FolderTree({ tree, version, expanded, current, drag, onOpen, onToggle, onPointerDownRow }: Props) {
  const folders = useMemo(() => visibleFolders(tree, expanded), [tree, version, expanded]);
  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLElement>) => {
    const at = folders.findIndex((f) => f.id === current);
    const here = folders[at];
    let next: string | undefined;
    switch (event.key) {
      case 'ArrowDown':
        next = folders[Math.min(folders.length - 1, at + 1)]?.id;
        break;
      case 'ArrowUp':
        next = folders[Math.max(0, at - 1)]?.id;
        break;
      case 'Home':
        next = folders[0]?.id;
        break;
      case 'End':
        next = folders[folders.length - 1]?.id;
        break;
      case 'ArrowRight':
        if (!here?.hasChildren) break;
        if (!expanded.has(here.id)) onToggle(here.id, true);
        else next = folders[at + 1]?.id;
        break;
      case 'ArrowLeft':
        if (here?.hasChildren && expanded.has(here.id)) onToggle(here.id, false);
        else if (here && here.level > 1) next = tree.get(here.id)?.parentId ?? undefined;
        break;
      default:
        return;
    }
    event.preventDefault();
    if (next) onOpen(next);
  };
  const open = useStableCallback(onOpen);
  const toggle = useStableCallback(onToggle);
  const pointerDown = useStableCallback(onPointerDownRow);
  // The folder shown stays in sight in the tree, also when it was opened from the list or the breadcrumb.
  // Not again when a search ends (the folder was already brought into sight): scrolling into view forces the page's
  // layout, then in the frame that shows the folder's rows again.
  const box = useRef<HTMLDivElement>(null);
  const shownInSight = useRef('');
  useEffect(() => {
    if (!current || current === shownInSight.current) return;
    const row = document.getElementById(`org-tree-${current}`);
    if (!row || !box.current?.contains(row)) return;
    shownInSight.current = current;
    row.scrollIntoView?.({ block: 'nearest' });
  }, [current]);
  return (
    <div
      ref={box}
      class="org-tree"
      role="tree"
      aria-label={t('organizerFoldersLabel')}
      tabIndex={0}
      aria-activedescendant={`org-tree-${current}`}
      onKeyDown={onKeyDown}
      data-testid="organizer-tree"
    >
      {folders.map((f) => {
        const target = drag?.over?.rowId === f.id && drag.over.area === 'tree' ? drag.over : null;
        return (
          <TreeRow
            key={f.id}
            id={f.id}
            level={f.level}
            posinset={f.posinset}
            setsize={f.setsize}
            title={tree.titleOf(f.id)}
            expanded={f.hasChildren ? expanded.has(f.id) : undefined}
            current={f.id === current}
            dropClass={target ? ` drop-${target.refusal ? 'refused' : target.zone}` : ''}
            onOpen={open}
            onToggle={toggle}
            onPointerDownRow={pointerDown}
          />
        );
      })}
    </div>
  );
}

interface RowProps {
  id: string;
  level: number;
  posinset: number;
  setsize: number;
  title: string;
  /** Undefined for a folder without subfolders. */
  expanded: boolean | undefined;
  current: boolean;
  dropClass: string;
  onOpen(id: string): void;
  onToggle(id: string, open: boolean): void;
  onPointerDownRow(event: PointerEvent, id: string): void;
}

/** One folder of the tree; renders again only when what it shows changed (a query typed re-renders one row, not all). */
const TreeRow = memo(({ id, level, posinset, setsize, title, expanded, current, dropClass, onOpen, onToggle, onPointerDownRow }: RowProps) => (
  <div
    id={`org-tree-${id}`}
    role="treeitem"
    aria-level={level}
    aria-posinset={posinset}
    aria-setsize={setsize}
    aria-expanded={expanded}
    aria-selected={current}
    class={`org-tree-row${current ? ' current' : ''}${dropClass}`}
    style={{ paddingInlineStart: `${(level - 1) * 16 + 4}px` }}
    data-drop-id={id}
    data-drop-area="tree"
    onPointerDown={(e) => onPointerDownRow(e as unknown as PointerEvent, id)}
    onClick={() => onOpen(id)}
  >
    <span
      class="org-twisty"
      aria-hidden="true"
      onClick={(e) => {
        if (expanded === undefined) return;
        e.stopPropagation();
        onToggle(id, !expanded);
      }}
    >
      {expanded === undefined ? '' : expanded ? '▾' : '▸'}
    </span>
    <span class="org-folder-name" title={title}>
      {title ? <Untrusted>{title}</Untrusted> : t('organizerUntitled')}
    </span>
  </div>
));
