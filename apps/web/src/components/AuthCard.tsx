import { isRedirectAnswer } from '@gatehouse/client';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { auth, useSession } from '../auth';
import { useServerInfo } from '../lib/providers';
import { displayName } from '../lib/roles';
import { useAction } from '../lib/use-action';
import { Avatar } from './Avatar';
import { ErrorMessage } from './Messages';
import { Page } from './Page';

/**
 * A page a person meets before and while signing in: one card on a calm background, under the
 * service's name and logo (the server config's `branding`). The name is the link home; the logo
 * beside it says nothing more, so it is decorative.
 */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-shell">
      <BrandMark />
      <div className="auth-card">
        <Page title={title}>{children}</Page>
      </div>
    </div>
  );
}

/**
 * A step between an application, a mail or an invitation and where the person is going (consent,
 * a sign-in link's landing, email verification, an invitation): the same centred card, without the
 * app's navigation, a context line above the title ("Continue to Notes"), and, signed in, who
 * is signed in with "Not you? Sign out", which comes back here after the right person signed in.
 */
export function Interstitial({
  title,
  context,
  exit,
  children,
}: {
  title: string;
  context?: ReactNode;
  /** Signed in, the way on into the app beside the account chip (e.g. "Your organizations"). */
  exit?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="auth-shell interstitial">
      <BrandMark />
      <div className="auth-card">
        {context ? <p className="interstitial-context">{context}</p> : null}
        <Page title={title}>{children}</Page>
        <AccountChip exit={exit} />
      </div>
    </div>
  );
}

/** Who is signed in, and "Not you? Sign out": signed out, the sign-in page leads back to this address. */
function AccountChip({ exit }: { exit?: { to: string; label: string } }) {
  const { t } = useTranslation();
  const { data } = useSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const signOut = useAction(() => auth.signOut());
  if (!data) return null;
  const { user } = data;
  const onSignOut = async () => {
    const { data: out, error } = await signOut.run();
    // An SSO sign-in's single logout: the client is already taking the browser to the IdP.
    if (!error && !isRedirectAnswer(out)) navigate(`/sign-in?redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
  };
  return (
    <div className="account-chip">
      <Avatar name={user.name} email={user.email} image={user.image} size={32} />
      <span className="account-chip-who">
        <span className="visually-hidden">{t('interstitial.signedInAs')} </span>
        <span className="strong">{displayName(user)}</span>
        {user.name ? <span className="muted">{user.email}</span> : null}
      </span>
      <button type="button" className="link" onClick={onSignOut} disabled={signOut.pending}>
        {t('interstitial.notYou')}
      </button>
      <ErrorMessage error={signOut.error} />
      {exit ? (
        <Link className="interstitial-exit" to={exit.to}>
          {exit.label}
        </Link>
      ) : null}
    </div>
  );
}

function BrandMark() {
  const { branding, isPending } = useServerInfo();
  return (
    // Hidden until the server said its name, so the default does not flash before a configured one.
    <Link to="/" className="auth-brand" style={isPending ? { visibility: 'hidden' } : undefined}>
      {branding.logoUrl ? <img src={branding.logoUrl} alt="" className="auth-logo" /> : <DefaultMark />}
      <span>{branding.name}</span>
    </Link>
  );
}

/** Gatehouse's own mark: a gate's arch in the accent colour. */
function DefaultMark() {
  return (
    <svg className="auth-logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--accent)" />
      <path d="M9 24V14a7 7 0 0 1 14 0v10" fill="none" stroke="var(--accent-text)" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M13 24v-7h6v7" fill="none" stroke="var(--accent-text)" strokeWidth="2.5" strokeLinejoin="round" />
    </svg>
  );
}

/** The card's shape while the session is read: shimmering blocks where the form will be, said as "Loading…". */
export function AuthPageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="auth-shell">
      <BrandMark />
      <div className="auth-card" aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('loading')}
        </p>
        <div className="auth-skeleton" aria-hidden="true">
          <span className="auth-skeleton-title" />
          <span />
          <span />
          <span className="auth-skeleton-button" />
        </div>
      </div>
    </div>
  );
}
