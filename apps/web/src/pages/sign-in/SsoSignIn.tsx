import { isRedirectAnswer } from '@gatehouse/client';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { ErrorDetails, ErrorMessage } from '../../components/Messages';
import { explainError } from '../../lib/error-codes';
import { fieldErrors } from '../../lib/field-errors';
import { appURL, safeRedirect } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';
import { useFocusInvalid } from '../../lib/use-focus-invalid';

interface Props {
  /** The app page to land on once the identity provider signed the person in. */
  redirect: string;
  /** A refusal the identity provider's answer came back with (`?error=` of the ACS or callback). */
  flowError?: { code: string; description: string | null } | null;
  /** "Use a password instead": back to the usual sign-in form. */
  onCancel: () => void;
}

/** Where a refused SSO answer lands: this step again, with the reason in `?error=`. */
export function ssoErrorURL(redirect: string): string {
  const query = new URLSearchParams({ method: 'sso' });
  if (redirect !== '/account') query.set('redirect', redirect);
  return appURL(`/sign-in?${query}`);
}

/**
 * "Sign in with SSO": the work email (or the organization's ID) names the organization whose
 * identity provider signs the person in; the browser then goes there and comes back signed in.
 */
export function SsoSignIn({ redirect, flowError, onCancel }: Props) {
  const { t } = useTranslation('enterprise');
  const { t: tAuth } = useTranslation('auth');
  const [bySlug, setBySlug] = useState(false);
  const [value, setValue] = useState('');
  const [leaving, setLeaving] = useState(false);
  const start = useAction(() =>
    auth.signIn.sso({
      ...(bySlug ? { organizationSlug: value.trim() } : { email: value.trim() }),
      callbackURL: appURL(redirect),
      errorCallbackURL: ssoErrorURL(redirect),
    }),
  );
  const error = start.error;
  // No connection for that address or organization: said under the field, in the app's words.
  const fieldError =
    error?.code === 'NO_PROVIDER_FOR_ISSUER'
      ? bySlug
        ? t('signIn.noOrganization')
        : t('signIn.noProvider')
      : (fieldErrors(error)[bySlug ? 'organizationSlug' : 'email'] ?? undefined);

  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await start.run();
    if (data?.url) {
      setLeaving(true);
      if (!isRedirectAnswer(data)) window.location.assign(data.url);
    }
  };

  return (
    <div className="stack">
      {flowError ? (
        <div className="message error" role="alert">
          <p>{explainError(flowError.code)}</p>
          <ErrorDetails code={flowError.description ? `${flowError.code}: ${flowError.description}` : flowError.code} />
        </div>
      ) : null}
      <form ref={form} onSubmit={submit} className="form" aria-label={t('signIn.title')}>
        <p className="muted">{bySlug ? t('signIn.introSlug') : t('signIn.intro')}</p>
        {bySlug ? (
          <Field
            key="slug"
            label={t('signIn.slug')}
            autoComplete="organization"
            required
            autoFocus
            maxLength={256}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={fieldError}
          />
        ) : (
          <Field
            key="email"
            label={t('signIn.email')}
            type="email"
            autoComplete="email"
            required
            autoFocus
            maxLength={320}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={fieldError}
          />
        )}
        {fieldError ? null : <ErrorMessage error={error} fieldsShown />}
        <button type="submit" className="primary wide" disabled={start.pending || leaving}>
          {leaving ? t('signIn.leaving') : t('signIn.continue')}
        </button>
      </form>
      <p className="row between">
        <button
          type="button"
          className="link"
          onClick={() => {
            setBySlug(!bySlug);
            setValue('');
            start.setError(null);
          }}
        >
          {bySlug ? t('signIn.useEmail') : t('signIn.useSlug')}
        </button>
        <button type="button" className="link" onClick={onCancel}>
          {tAuth('signIn.passwordInstead')}
        </button>
      </p>
    </div>
  );
}

/** An address complete enough to ask about its domain (`name@host.tld`). */
const lookupable = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email.trim());

/**
 * Email-first (enterprise SSO on): under the sign-in form's email field, once the typed address's
 * domain signs in with SSO, "Continue with SSO" straight to the organization's identity provider.
 * The lookup reads the domain only (the server answers the same for every address of it), so
 * nothing here says whether an account exists. `refused`: the server has just answered
 * SSO_REQUIRED, so the offer shows without waiting for the lookup. Where the domain requires SSO,
 * "Continue with SSO" is the form's one primary action (`onRequired` tells the form, whose password
 * sign-in stays for the organization's owners, who keep it to get in when the IdP is down); where
 * SSO is only offered, the password's "Sign in" stays primary.
 */
export function SsoSuggestion({ email, refused = false, onRequired }: { email: string; refused?: boolean; onRequired?: (required: boolean) => void }) {
  const { t } = useTranslation('enterprise');
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), '/account');
  const [found, setFound] = useState<{ email: string; required: boolean } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const typed = email.trim();
  useEffect(() => {
    if (!lookupable(typed)) return;
    let stale = false;
    // Asked once the typing pauses: one look-up per address, not per key.
    const timer = window.setTimeout(async () => {
      const { data } = await auth.sso.domainLookup({ email: typed });
      if (!stale) setFound(data?.sso ? { email: typed, required: data.required } : null);
    }, 350);
    return () => {
      stale = true;
      window.clearTimeout(timer);
    };
  }, [typed]);
  const start = useAction(() => auth.signIn.sso({ email: typed, callbackURL: appURL(redirect), errorCallbackURL: ssoErrorURL(redirect) }));
  const shown = (found && found.email === typed) || refused;
  const required = refused || (shown && found?.required === true);
  useEffect(() => onRequired?.(required), [required, onRequired]);
  if (!shown) return null;
  const go = async () => {
    const { data } = await start.run();
    if (data?.url) {
      setLeaving(true);
      if (!isRedirectAnswer(data)) window.location.assign(data.url);
    }
  };
  return (
    <div className="stack sso-suggestion" role="status">
      {/* After a refusal the form's error already says it in the server's words. */}
      {refused ? null : <p className="muted">{found?.required ? t('signIn.required') : t('signIn.available')}</p>}
      <button type="button" className={required ? 'primary wide' : 'wide'} onClick={go} disabled={start.pending || leaving}>
        {leaving ? t('signIn.leaving') : t('signIn.continue')}
      </button>
      <ErrorMessage error={start.error} />
    </div>
  );
}
