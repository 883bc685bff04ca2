import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServerInfo } from '../lib/providers';
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
