import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useServerInfo } from '../../lib/providers';
import { accountNav, isCurrent, legacySectionPath } from './account-nav';

/**
 * The signed-in person's own pages beside one sidebar, one page per entry (account-nav.ts). On a phone
 * the sidebar is one select at the top that names the page shown and opens any other.
 */
export function AccountLayout() {
  const { t } = useTranslation('account');
  const { features } = useServerInfo();
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const selectId = useId();
  // An address of the one-page account (`/account#security`) opens the page that holds that part now.
  const legacy = legacySectionPath(pathname, hash);
  if (legacy) return <Navigate to={legacy} replace />;
  const items = accountNav(features);
  const current = items.find((item) => isCurrent(item, pathname));
  return (
    <div className="account-area">
      <nav className="account-nav" aria-label={t('nav.label')}>
        <ul>
          {items.map((item) => {
            const Icon = item.icon;
            return (
              <li key={item.key}>
                <Link to={item.to} aria-current={item === current ? 'page' : undefined} className={item.key === 'dangerZone' ? 'danger-link' : undefined}>
                  <Icon aria-hidden="true" size={18} />
                  <span>{t(`nav.${item.key}`)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="account-nav-select">
          <label htmlFor={selectId}>{t('nav.label')}</label>
          <select id={selectId} value={current?.to ?? ''} onChange={(event) => navigate(event.target.value)}>
            {current ? null : <option value="" disabled />}
            {items.map((item) => (
              <option key={item.key} value={item.to}>
                {t(`nav.${item.key}`)}
              </option>
            ))}
          </select>
        </div>
      </nav>
      <div className="account-content">
        <Outlet />
      </div>
    </div>
  );
}
