import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { Field } from '../../components/Field';
import { readableError } from '../../lib/readable-error';
import { queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { useDebounced } from '../../lib/use-debounced';
import { useQuery } from '@tanstack/react-query';

type Availability = { state: 'idle' } | { state: 'checking' } | { state: 'done'; available: boolean } | { state: 'failed'; message: string };

function describe(availability: Availability): string {
  switch (availability.state) {
    case 'checking':
      return i18n.t('username.checking', { ns: 'auth' });
    case 'done':
      return i18n.t(availability.available ? 'username.available' : 'username.taken', { ns: 'auth' });
    case 'failed':
      return availability.message;
    default:
      return i18n.t('username.rules', { ns: 'auth' });
  }
}

/** A username input that asks the server, as the person types, whether the name is free. */
export function UsernameField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation('auth');
  const username = value.trim();
  // Asked once the typing pauses.
  const settled = useDebounced(username, 400);
  const long = username.length >= 3;
  const check = useQuery({ ...queries.usernameAvailable(settled), enabled: long && settled === username });
  const availability: Availability = !long
    ? { state: 'idle' }
    : settled !== username || check.isFetching
      ? { state: 'checking' }
      : check.error
        ? { state: 'failed', message: readableError(refusalOf(check.error))?.message ?? '' }
        : check.data
          ? { state: 'done', available: check.data.available }
          : { state: 'checking' };

  return (
    <Field
      label={t('fields.username')}
      autoComplete="username"
      minLength={3}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={<span aria-live="polite">{describe(availability)}</span>}
      error={error}
    />
  );
}
