import type { AuthResult } from '@gatehouse/client';
import { useState } from 'react';
import { type CodeFields, fieldErrors, formLevelError } from '../lib/field-errors';
import { useAction } from '../lib/use-action';
import { PasswordField } from './Field';
import { FormDialog } from './FormDialog';
import { FormError } from './FormError';

interface Props<T> {
  /** The action's name: on the button that opens the dialog and on the one that submits it. */
  label: string;
  run: (password: string) => Promise<AuthResult<T>>;
  onDone: (data: T) => void;
  danger?: boolean;
  /** The password field's label; default "Password". */
  passwordLabel?: string;
  /** Muted words under the dialog's title: what the action does. */
  description?: string;
}

/** A wrong password is said under the password field. */
const PASSWORD_CODES: CodeFields = { INVALID_PASSWORD: 'password' };

/** An action that asks for the password first: a button that opens a dialog with the password field. */
export function PasswordAction<T>({ label, run, onDone, danger, passwordLabel, description }: Props<T>) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const action = useAction(run);

  const close = () => {
    setOpen(false);
    setPassword('');
    action.setError(null);
  };
  const submit = async () => {
    const result = await action.run(password);
    if (result.error) return;
    close();
    onDone(result.data);
  };
  return (
    <>
      <button
        type="button"
        className={danger ? 'danger' : undefined}
        onClick={() => setOpen(true)}
        // While the dialog asks, its button of the same name is the only one.
        aria-hidden={open ? true : undefined}
      >
        {label}
      </button>
      <FormDialog
        open={open}
        title={label}
        description={description}
        submitLabel={label}
        pending={action.pending}
        error={action.error}
        onSubmit={submit}
        onClose={close}
      >
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
      </FormDialog>
    </>
  );
}
