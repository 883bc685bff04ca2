import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Help text under the input, announced with it. */
  hint?: ReactNode;
  /** This field's refusal, shown under it and announced with it (the input is marked invalid). */
  error?: ReactNode;
  /** The refusal is announced as it appears (an alert): for a check the form's top says nothing about. */
  announce?: boolean;
}

/** A labelled input: the <label> names it, so it can be found by its label. */
export function Field({ label, hint, error, announce = false, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />
      {error ? (
        <div id={errorId} className="field-error" role={announce ? 'alert' : undefined}>
          {error}
        </div>
      ) : null}
      {hint ? (
        <div id={hintId} className="hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

interface PasswordFieldProps {
  /** Default: "Password" (in the app's language). */
  label?: string;
  /** Lets password managers tell a sign-in from a new password. */
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  /** Default: true. */
  required?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  announce?: boolean;
  autoFocus?: boolean;
}

/** A labelled password input. */
export function PasswordField({ label, onChange, required = true, ...input }: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  return <Field label={label ?? t('fields.password')} type="password" required={required} {...input} onChange={(e) => onChange(e.target.value)} />;
}

interface CheckboxProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

export function Checkbox({ label, checked, onChange, disabled }: CheckboxProps) {
  const id = useId();
  return (
    <div className="check">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

interface SelectProps {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Help text under the choice, announced with it. */
  hint?: ReactNode;
}

export function Select({ label, value, options, onChange, disabled, hint }: SelectProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={disabled} aria-describedby={hint ? hintId : undefined} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <div id={hintId} className="hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
