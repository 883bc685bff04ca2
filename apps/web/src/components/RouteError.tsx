import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { Page } from './Page';

/** Shown instead of a blank page when a page throws while rendering or loading. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  // The details are for the browser's console, not for the person.
  console.error(error);
  return (
    <main id="main" tabIndex={-1}>
      <Page title={t('crash.title')}>
        <p>{t('crash.body')}</p>
        <p className="actions">
          <button type="button" onClick={() => window.location.reload()}>
            {t('crash.reload')}
          </button>
          <Link to="/">{t('crash.home')}</Link>
        </p>
      </Page>
    </main>
  );
}
