import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Header } from './Header';
import { ImpersonationBanner } from './ImpersonationBanner';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NavigationProgress } from './NavigationProgress';
import { ToastProvider } from './Toasts';

export function Layout() {
  const { t } = useTranslation();
  return (
    <ToastProvider>
      <NavigationProgress />
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <ImpersonationBanner />
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <LanguageSwitcher />
      </footer>
    </ToastProvider>
  );
}
