import type { AuthError } from '@gatehouse/client';
import type { ReactNode } from 'react';

/** The server's error, in its own words, next to the form that caused it. */
export function ErrorMessage({ error }: { error: AuthError | null | undefined }) {
  if (!error) return null;
  return (
    <p role="alert" className="message error">
      {error.message}
    </p>
  );
}

/** A confirmation shown only after the server answered success. */
export function Notice({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="status" className="message success">
      {children}
    </p>
  );
}

export function Loading({ what = 'Loading…' }: { what?: string }) {
  return (
    <p role="status" className="muted">
      {what}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="muted empty">{children}</p>;
}
