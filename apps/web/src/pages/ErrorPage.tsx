import { Link, useSearchParams } from 'react-router';
import { Page } from '../components/Page';
import { explainError } from '../lib/error-codes';

/** Where the server sends people when a redirect flow fails: `/error?error=code`. */
export function ErrorPage() {
  const [params] = useSearchParams();
  const code = params.get('error') ?? 'unknown_error';
  const description = params.get('error_description');
  return (
    <Page title="Something went wrong">
      <p>
        Error code: <code className="code">{code}</code>
      </p>
      <p>{explainError(code)}</p>
      {description ? <p className="muted">Details: {description}</p> : null}
      <p>
        <Link to="/">Return to Application</Link>
      </p>
    </Page>
  );
}
