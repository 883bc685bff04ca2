import { isRedirectAnswer } from '@gatehouse/client';
import { LogOut, Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { auth, useSession } from '../auth';
import { useServerInfo } from '../lib/providers';
import { displayName, isAdmin } from '../lib/roles';
import { useAction } from '../lib/use-action';
import { AccountMenu } from './AccountMenu';
import { Avatar } from './Avatar';
import { ErrorMessage } from './Messages';
import { OrganizationSwitcher } from './OrganizationSwitcher';
import { useDismiss } from '../lib/use-dismiss';

/** The pages under "Account" (its sidebar lists them): the header marks "Account" current on each. */
const ACCOUNT_PAGES = ['/account', '/sessions', '/two-factor'];

/** Where a top-level link counts as current: its own address and the pages below it. */
function within(pathname: string, paths: string[]): boolean {
  return paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * The product's name; signed in, the main areas (Account, with Sessions and Two-factor outside the account
 * area, Organizations, Admin), the person (picture and name; the account menu when several accounts share
 * this browser) and "Sign out". One row of the same height on every page: on a phone the areas fold into
 * a "Menu" button's list, the person is their picture and "Sign out" its icon (its words stay its name).
 */
export function Header() {
  const { t } = useTranslation('account');
  const { data } = useSession();
  const { features, branding } = useServerInfo();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signOut = useAction(() => auth.signOut());
  const user = data?.user;
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const header = useRef<HTMLElement>(null);

  // The phone's menu closes when a page opens, on Escape and on a tap outside the header.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address changes
  useEffect(() => setMenuOpen(false), [pathname]);
  useDismiss(menuOpen, header, () => setMenuOpen(false));

  const onSignOut = async () => {
    const { data: out, error } = await signOut.run();
    if (error) return;
    // SAML single logout: a sign-in through an IdP with SLO answers `{ redirect: true, url }`, where its session
    // ends too (docs/sso-enterprise.md); the client is already taking the browser there.
    if (!isRedirectAnswer(out)) navigate('/');
  };
  const current = (paths: string[]) => (within(pathname, paths) ? 'page' : undefined);

  return (
    <header ref={header} className={menuOpen ? 'site-header menu-open' : 'site-header'}>
      <Link to="/" className="brand">
        {branding.logoUrl ? <img src={branding.logoUrl} alt="" className="brand-logo" /> : <span className="brand-mark" aria-hidden="true" />}
        <span className="brand-name">{branding.name}</span>
      </Link>
      {user ? (
        <>
          <nav id={navId} aria-label={t('header.nav')} className="main-nav">
            <Link to="/account" aria-current={current(ACCOUNT_PAGES)}>
              {t('header.account')}
            </Link>
            {/* Outside the account area (whose sidebar lists them) Sessions and Two-factor are one click away here too;
                inside it they are the sidebar's alone, so each name is one link on any page. */}
            {within(pathname, ACCOUNT_PAGES) ? null : (
              <>
                <Link to="/sessions" className="header-shortcut">
                  {t('nav.sessions')}
                </Link>
                {features.twoFactor ? (
                  <Link to="/two-factor" className="header-shortcut">
                    {t('nav.twoFactor')}
                  </Link>
                ) : null}
              </>
            )}
            {features.organization ? (
              <Link to="/organizations" aria-current={current(['/organizations'])}>
                {t('header.organizations')}
              </Link>
            ) : null}
            {features.admin && isAdmin(user) ? (
              <Link to="/admin" aria-current={current(['/admin'])}>
                {t('header.admin')}
              </Link>
            ) : null}
          </nav>
          <div className="who">
            {features.organization ? <OrganizationSwitcher /> : null}
            {features.multiSession && data ? (
              <AccountMenu user={user} sessionId={data.session.id} />
            ) : (
              <span className="who-static">
                <Avatar name={user.name} email={user.email} image={user.image} size={28} />
                <span className="who-name">{displayName(user)}</span>
              </span>
            )}
            <button type="button" className="sign-out" onClick={onSignOut} disabled={signOut.pending} title={t('header.signOut')}>
              <LogOut aria-hidden="true" size={16} />
              <span className="sign-out-label">{t('header.signOut')}</span>
            </button>
            <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls={navId} onClick={() => setMenuOpen(!menuOpen)}>
              {menuOpen ? <X aria-hidden="true" size={18} /> : <Menu aria-hidden="true" size={18} />}
              <span className="visually-hidden">{t('header.menu')}</span>
            </button>
          </div>
          <ErrorMessage error={signOut.error} />
        </>
      ) : null}
    </header>
  );
}
