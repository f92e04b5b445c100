/**
 * An in-page confirmation for destructive actions (never window.confirm): a modal dialog that names exactly what
 * will happen, takes focus, returns it on close, closes on Escape, and keeps Tab inside.
 */
import type { ComponentChildren } from 'preact';
import { t } from '../i18n';
import { useEffect, useRef } from 'preact/hooks';

export interface ConfirmDialogProps {
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  /** Styles the confirm button as dangerous (removals). */
  danger?: boolean;
}

export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onCancel, danger = true }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    cancelButton.current?.focus();
    return () => previous?.focus?.();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Tab') {
      // Buttons, and what else takes the keyboard inside (a long preview list that scrolls).
      const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>('button, [tabindex="0"]') ?? [])];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };
  return (
    <div class="dialog-backdrop">
      <div class="dialog" role="alertdialog" aria-modal="true" aria-labelledby="confirm-title" aria-describedby="confirm-body" ref={dialog} onKeyDown={onKeyDown}>
        <h2 id="confirm-title">{title}</h2>
        <div id="confirm-body">{children}</div>
        <div class="dialog-actions">
          <button type="button" ref={cancelButton} onClick={onCancel}>
            {t('optionsCancel')}
          </button>
          <button type="button" class={danger ? 'danger' : 'primary'} onClick={onConfirm} data-testid="confirm">
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
