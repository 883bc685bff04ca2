import { Outlet } from 'react-router';
import { Header } from './Header';
import { ImpersonationBanner } from './ImpersonationBanner';

export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ImpersonationBanner />
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
