import { useEffect, useState } from 'react';
import { auth } from '../../auth';
import { Field } from '../../components/Field';

type Availability =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; available: boolean }
  | { state: 'failed'; message: string };

function describe(availability: Availability): string {
  switch (availability.state) {
    case 'checking':
      return 'Checking availability…';
    case 'done':
      return availability.available ? 'This username is available.' : 'This username is taken.';
    case 'failed':
      return availability.message;
    default:
      return 'Letters, digits and underscores; at least 3 characters.';
  }
}

/** A username input that asks the server, as the person types, whether the name is free. */
export function UsernameField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
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
      if (error) setAvailability({ state: 'failed', message: error.message });
      else setAvailability({ state: 'done', available: data.available });
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [value]);

  return (
    <Field
      label="Username"
      autoComplete="username"
      minLength={3}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={<span aria-live="polite">{describe(availability)}</span>}
    />
  );
}
