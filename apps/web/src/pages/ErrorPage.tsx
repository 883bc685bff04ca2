import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorDetails } from '../components/Messages';
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
      <p role="alert">{explainError(code)}</p>
      {/* The provider's own words are English and technical: small print with the code, for a support request. */}
      <ErrorDetails code={description ? `${code}: ${description}` : code} />
      <p>
        <Link to="/">{t('errorPage.back')}</Link>
      </p>
    </Page>
  );
}
