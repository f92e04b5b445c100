/**
 * A menu button (WAI-ARIA menu button pattern): the sidebar's toolbar folded into one button. Enter, Space or ↓ on
 * the button open the menu on its first item, ↑ on its last; in the menu ↑/↓ move (wrapping), Home/End jump, Enter
 * or Space choose, Esc closes and gives the keyboard back to the button, Tab closes; a click elsewhere closes it.
 * Items that cannot be chosen now stay in the menu, marked aria-disabled.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';

export type MenuEntry = { kind: 'item'; label: string; disabled?: boolean; title?: string; checked?: boolean; testId?: string; onChoose(): void } | { kind: 'separator' };

interface Props {
  label: string;
  entries: readonly MenuEntry[];
  testId?: string;
}

export function ActionsMenu({ label, entries, testId }: Props) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const focusAt = useRef<'first' | 'last'>('first');
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const all = items();
    (focusAt.current === 'first' ? all[0] : all[all.length - 1])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open]);

  const openAt = (where: 'first' | 'last') => {
    focusAt.current = where;
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onButtonKey = (event: JSX.TargetedKeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') openAt('first');
    else if (event.key === 'ArrowUp') openAt('last');
    else return;
    event.preventDefault();
  };
  const onMenuKey = (event: JSX.TargetedKeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = (at + 1) % all.length;
    else if (event.key === 'ArrowUp') next = (at - 1 + all.length) % all.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = all.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    } else if (event.key === 'Tab') {
      close(false);
      return;
    }
    if (next === null) return;
    event.preventDefault();
    all[next]?.focus();
  };
  const choose = (entry: Extract<MenuEntry, { kind: 'item' }>) => {
    if (entry.disabled) return;
    close(true);
    entry.onChoose();
  };

  return (
    <div class="org-menu-box" ref={box}>
      <button
        ref={button}
        type="button"
        class="org-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'org-actions-menu' : undefined}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKey}
        data-testid={testId}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div ref={menu} id="org-actions-menu" role="menu" aria-label={label} class="org-menu" onKeyDown={onMenuKey}>
          {entries.map((entry, i) =>
            entry.kind === 'separator' ? (
              <div key={i} role="separator" class="org-menu-separator" />
            ) : (
              <button
                key={i}
                type="button"
                role={entry.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
                aria-checked={entry.checked}
                aria-disabled={entry.disabled ? 'true' : undefined}
                tabIndex={-1}
                title={entry.title}
                class="org-menu-item"
                onClick={() => choose(entry)}
                data-testid={entry.testId}
              >
                <span aria-hidden="true" class="org-menu-check">
                  {entry.checked ? '✓' : ''}
                </span>
                {entry.label}
              </button>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
