import { NavLink, Outlet } from 'react-router';
import { useSession } from '../../auth';
import { Page } from '../../components/Page';
import { useServerInfo } from '../../lib/providers';
import { isAdmin } from '../../lib/roles';
import { ADMIN_SECTIONS } from './nav';

/** Every admin page: admins only, with the console's navigation above the section shown. */
export function AdminLayout() {
  const { data } = useSession();
  const { features } = useServerInfo();
  if (!data) return null;
  if (!isAdmin(data.user)) {
    return (
      <Page title="Admin">
        <p role="alert" className="message error">
          Only admins can access this page.
        </p>
      </Page>
    );
  }
  return (
    <div className="admin-console">
      <nav className="admin-nav" aria-label="Admin">
        {ADMIN_SECTIONS.filter((s) => !s.feature || (features as Record<string, unknown>)[s.feature]).map((s) => (
          <NavLink key={s.to} to={s.to} end={s.end}>
            {s.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
