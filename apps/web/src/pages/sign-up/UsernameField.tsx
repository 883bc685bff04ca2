import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { readableError } from '../../lib/readable-error';

type Availability =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; available: boolean }
  | { state: 'failed'; message: string };

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
  const [availability, setAvailability] = useState<Availability>({ state: 'idle' });

  useEffect(() => {
    const username = value.trim();
    if (username.length < 3) {
      setAvailability({ state: 'idle' });
      return;
    }
    let current = true;
    setAvailability({ state: 'checking' });
    const timer = setTimeout(async () => {
      const { data, error } = await auth.isUsernameAvailable({ username });
      if (!current) return;
      if (error) setAvailability({ state: 'failed', message: readableError(error)?.message ?? '' });
      else setAvailability({ state: 'done', available: data.available });
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [value]);

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
