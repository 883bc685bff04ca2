import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useServerInfo } from '../../lib/providers';
import { accountNav, isCurrent } from './account-nav';

/**
 * The signed-in person's own pages (/account, /sessions, /two-factor) beside one sidebar. On a phone
 * the sidebar is a row of tabs that scrolls sideways, above the page.
 */
export function AccountLayout() {
  const { t } = useTranslation('account');
  const { features } = useServerInfo();
  const { pathname, hash } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  // On a phone the tabs scroll sideways: the current one is brought to the middle of the row.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address changes the current tab
  useEffect(() => {
    const row = list.current;
    const link = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !link || row.scrollWidth <= row.clientWidth) return;
    const rowBox = row.getBoundingClientRect();
    const linkBox = link.getBoundingClientRect();
    row.scrollLeft += linkBox.left - rowBox.left - (rowBox.width - linkBox.width) / 2;
  }, [pathname, hash]);
  return (
    <div className="account-area">
      <nav className="account-nav" aria-label={t('nav.label')}>
        <ul ref={list}>
          {accountNav(features).map((item) => {
            const current = isCurrent(item, pathname, hash);
            const Icon = item.icon;
            return (
              <li key={item.key}>
                <Link to={item.to} aria-current={current ? 'page' : undefined} className={item.key === 'dangerZone' ? 'danger-link' : undefined}>
                  <Icon aria-hidden="true" size={18} />
                  <span>{t(`nav.${item.key}`)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="account-content">
        <Outlet />
      </div>
    </div>
  );
}
