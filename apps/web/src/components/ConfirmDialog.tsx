import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** The confirming button's words, e.g. "Delete passkey". */
  confirmLabel: string;
  /** The dismissing button's words; default "Cancel" (e.g. "Keep invitation" where "Cancel" would be ambiguous). */
  cancelLabel?: string;
  /** A destructive action's button is red. */
  destructive?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before a destructive action, as a modal <dialog>: focus is trapped inside, Escape cancels, and
 * focus returns to the button that opened it (the browser does both for a modal dialog).
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, destructive, pending, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {/* Closed, it holds no text: a page's text (and a search of it) is only what a person can see. */}
      {open ? (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
          <div className="actions">
            <button type="button" onClick={onCancel} disabled={pending}>
              {cancelLabel ?? t('actions.cancel')}
            </button>
            <button type="button" className={destructive ? 'danger' : 'primary'} onClick={onConfirm} disabled={pending}>
              {confirmLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
