import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from './CopyField';
import { useModal } from './FormDialog';

export interface Secret {
  /** The field's label, e.g. "API key". */
  label: string;
  value: string;
  /** The copy button's words; default "Copy {label}". Copying says "Copied." under the field. */
  copyLabel?: string;
}

interface CopySecretDialogProps {
  open: boolean;
  title: string;
  /** What happened and that it is shown once, said as a status ("… Copy it now: it will not be shown again."). */
  message: ReactNode;
  secrets: Secret[];
  /** More to keep beside the secrets (a list of backup codes, a QR code). */
  children?: ReactNode;
  onClose: () => void;
}

/**
 * The one way a secret is shown once (an API key, backup codes, a client secret or token): a modal
 * dialog with each value to copy, and "I have saved it" as its only way out, so the secret is not lost
 * by a stray Escape. Closed, it holds nothing: the secret leaves the page.
 */
export function CopySecretDialog({ open, title, message, secrets, children, onClose }: CopySecretDialogProps) {
  const { t } = useTranslation();
  const ref = useModal(open);
  const titleId = useId();
  const body = useRef<HTMLDivElement>(null);
  // Focus on the first copy button: the next thing to do (in the commit that opens the dialog, after useModal's).
  useLayoutEffect(() => {
    if (open) body.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [open]);
  return (
    <dialog ref={ref} className="confirm-dialog secret-dialog" aria-labelledby={titleId} onCancel={(event) => event.preventDefault()}>
      {open ? (
        <div ref={body}>
          <h2 id={titleId}>{title}</h2>
          <p role="status" className="message">
            {message}
          </p>
          {secrets.map((secret) => (
            <CopyField key={secret.label} label={secret.label} value={secret.value} copyLabel={secret.copyLabel} />
          ))}
          {children}
          <div className="actions">
            <button type="button" className="primary" onClick={onClose}>
              {t('secret.saved')}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
