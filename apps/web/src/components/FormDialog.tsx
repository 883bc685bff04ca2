import type { AuthError } from '@gatehouse/client';
import { type FormEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusInvalid } from '../lib/use-focus-invalid';

/**
 * Opens and closes a modal <dialog> with `open`: the browser traps focus inside and gives it back to the opener. A
 * layout effect, so the dialog opens in the commit that renders it, before any later effect moves focus within it.
 */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

interface FormDialogProps {
  open: boolean;
  title: string;
  /** Muted words under the title: what the change does. */
  description?: ReactNode;
  /** The one primary button's words, e.g. "Change password". */
  submitLabel: string;
  pending?: boolean;
  /** The last refusal: focus moves to the first field it marked invalid. */
  error?: AuthError | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A setting's change, asked in a modal dialog opened from its row (SettingRow): the fields, their
 * errors under them, "Cancel" and one primary button. Escape cancels; focus returns to the row's button.
 * Closed, it holds nothing, so the page's text is only what a person can see.
 */
export function FormDialog({ open, title, description, submitLabel, pending, error, onSubmit, onClose, children }: FormDialogProps) {
  const { t } = useTranslation();
  const ref = useModal(open);
  const form = useRef<HTMLFormElement>(null);
  const titleId = useId();
  useFocusInvalid(form, error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <dialog
      ref={ref}
      className="confirm-dialog form-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onClose();
      }}
    >
      {open ? (
        <form ref={form} onSubmit={submit} className="form" noValidate={false}>
          <h2 id={titleId}>{title}</h2>
          {description ? <p className="muted section-description">{description}</p> : null}
          {children}
          <div className="actions">
            <button type="button" onClick={onClose} disabled={pending}>
              {t('actions.cancel')}
            </button>
            <button type="submit" className="primary" disabled={pending}>
              {submitLabel}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
