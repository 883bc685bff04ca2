import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../components/Page';
import { explainError } from '../lib/error-codes';

/** Where the server sends people when a redirect flow fails: `/error?error=code`. */
export function ErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('error') ?? 'unknown_error';
  const description = params.get('error_description');
  return (
    <Page title={t('errorPage.title')}>
      <p>
        {t('errorPage.code')} <code className="code">{code}</code>
      </p>
      <p>{explainError(code)}</p>
      {description ? <p className="muted">{t('errorPage.details', { details: description })}</p> : null}
      <p>
        <Link to="/">{t('errorPage.back')}</Link>
      </p>
    </Page>
  );
}
