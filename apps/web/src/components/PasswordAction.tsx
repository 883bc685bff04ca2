import type { AuthResult } from '@gatehouse/client';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CodeFields, fieldErrors, formLevelError } from '../lib/field-errors';
import { useAction } from '../lib/use-action';
import { useFocusInvalid } from '../lib/use-focus-invalid';
import { PasswordField } from './Field';
import { FormError } from './FormError';

interface Props<T> {
  /** The action's name: on the button that opens the form and on the one that submits it. */
  label: string;
  run: (password: string) => Promise<AuthResult<T>>;
  onDone: (data: T) => void;
  danger?: boolean;
  /** The password field's label; default "Password". */
  passwordLabel?: string;
}

/** A wrong password is said under the password field. */
const PASSWORD_CODES: CodeFields = { INVALID_PASSWORD: 'password' };

/** An action that asks for the password first: a button that opens into a password form. */
export function PasswordAction<T>({ label, run, onDone, danger, passwordLabel }: Props<T>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const action = useAction(run);
  const className = danger ? 'danger' : undefined;
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, action.error);

  if (!open) {
    return (
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await action.run(password);
    if (result.error) return;
    setPassword('');
    setOpen(false);
    onDone(result.data);
  };
  return (
    <form ref={form} onSubmit={submit} className="form">
      <PasswordField
        label={passwordLabel}
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={setPassword}
        error={fieldErrors(action.error, PASSWORD_CODES).password}
        announce
      />
      <FormError error={formLevelError(action.error, PASSWORD_CODES)} />
      <div className="actions">
        <button type="submit" className={className ?? 'primary'} disabled={action.pending}>
          {label}
        </button>
        <button type="button" onClick={() => setOpen(false)} disabled={action.pending}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
