import { useTranslation } from 'react-i18next';
import { Field } from './Field';

/** The "Code" input of a mailed code: digits, offered by the browser from the mail (one-time-code). */
export function CodeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('auth');
  return (
    <Field
      label={t('fields.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={12}
      required
      autoFocus
      hint={t('code.hint')}
      value={value}
      // Pasted codes often carry spaces: only the digits count.
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
    />
  );
}
