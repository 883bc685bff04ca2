import type { AuthError } from '@gatehouse/client';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The server's error, in its own words (the server speaks the app's language), at the top of the form
 * that caused it. A form that shows its fields' refusals under them (`fieldsShown`) gets a summary here.
 */
export function ErrorMessage({ error, fieldsShown = false }: { error: AuthError | null | undefined; fieldsShown?: boolean }) {
  const { t } = useTranslation();
  if (!error) return null;
  const fields = new Set(error.issues?.map((i) => i.field)).size;
  const text =
    error.code === 'FETCH_ERROR'
      ? t('network')
      : fieldsShown && fields > 0
        ? fields === 1
          ? t('formError')
          : t('formErrors', { count: fields })
        : error.message;
  return (
    <p role="alert" className="message error">
      {text}
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

export function Loading({ what }: { what?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="muted">
      {what ?? t('loading')}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="muted empty">{children}</p>;
}
