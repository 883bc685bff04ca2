import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../components/Page';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')}>
      <p>{t('notFound.body')}</p>
      <p>
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </Page>
  );
}
