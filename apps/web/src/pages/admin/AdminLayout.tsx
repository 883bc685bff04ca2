import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../../auth';
import { Page } from '../../components/Page';
import { useServerInfo } from '../../lib/providers';
import { isAdmin } from '../../lib/roles';
import { ADMIN_SECTIONS } from './nav';

/**
 * Every admin page: admins only, with the console's own navigation (a sidebar on wide screens, a bar
 * that scrolls sideways on phones: one <nav>, laid out by styles.css) beside the section shown.
 */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const { data } = useSession();
  const { features } = useServerInfo();
  if (!data) return null;
  if (!isAdmin(data.user)) {
    return (
      <Page title={t('title')}>
        <p role="alert" className="message error">
          {t('adminsOnly')}
        </p>
      </Page>
    );
  }
  return (
    <div className="admin-console">
      <nav className="admin-nav" aria-label={t('nav.label')}>
        <p className="admin-nav-title" aria-hidden="true">
          {t('console')}
        </p>
        {ADMIN_SECTIONS.filter((s) => !s.feature || (features as Record<string, unknown>)[s.feature]).map((s) => (
          // A user's own page (/admin/users/:id) belongs to the Users section (at /admin, matched as a prefix there).
          <NavLink key={s.to} to={s.to} end={s.end && !(s.label === 'users' && pathname.startsWith('/admin/users/'))}>
            <s.icon size={18} aria-hidden="true" />
            <span>{t(`nav.${s.label}`)}</span>
          </NavLink>
        ))}
      </nav>
      <div className="admin-content">
        <Outlet />
      </div>
    </div>
  );
}
