import type { AuthError } from '@gatehouse/client';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { detailsCode } from '../lib/error-codes';
import { readableError } from '../lib/readable-error';

/**
 * A refusal at the top of the form that caused it, in the app's words for its code
 * (lib/readable-error.ts), the code itself only in a small "Details" line below. A form that shows
 * its fields' refusals under them (`fieldsShown`) gets a summary here; `text` replaces the sentence
 * where the form has a more precise one.
 */
export function ErrorMessage({ error, fieldsShown = false, text }: { error: AuthError | null | undefined; fieldsShown?: boolean; text?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  const fields = new Set(error.issues?.map((i) => i.field)).size;
  const sentence =
    error.code === 'FETCH_ERROR'
      ? t('network')
      : fieldsShown && fields > 0
        ? fields === 1
          ? t('formError')
          : t('formErrors', { count: fields })
        : (text ?? readableError(error)?.message);
  return (
    <>
      <p role="alert" className="message error">
        {sentence}
      </p>
      <ErrorDetails code={error.code} />
    </>
  );
}

/** The raw code, small and muted under a message, for a support request; nothing for the app's own codes. */
export function ErrorDetails({ code }: { code: string | null | undefined }) {
  const { t } = useTranslation();
  const shown = detailsCode(code);
  if (!shown) return null;
  return (
    <p className="error-details" data-details="">
      <small>{t('errorPage.details', { details: shown })}</small>
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
