import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../auth';
import { Loading } from '../../components/Messages';
import { Page } from '../../components/Page';
import { explainMagicLinkFailure, newLinkHelps } from '../../lib/magic-link';
import { displayName } from '../../lib/roles';
import { useLinkNotice } from '../../lib/use-link-notice';
import { MagicLinkRequest } from './MagicLinkRequest';

/**
 * Where a sign-in link that did not work lands (`/magic-link/error?error=CODE`): what happened, in
 * words, and a form for a new link where one can help.
 */
export function MagicLinkError() {
  const [params] = useSearchParams();
  useLinkNotice();
  const { data, isPending } = useSession();
  const code = params.get('error') ?? 'unknown_error';
  const { title, text } = explainMagicLinkFailure(code);

  if (isPending) return <Loading />;
  return (
    <Page title={title}>
      <p role="alert" className="message error">
        {text}
      </p>
      <p className="muted">
        Error code: <code className="code">{code}</code>
      </p>
      {data ? (
        <>
          <p>
            You are signed in as <strong>{displayName(data.user)}</strong> on this device, so there is
            nothing more to do here.
          </p>
          <div className="actions">
            <Link className="button primary" to="/account">
              Open your account
            </Link>
          </div>
        </>
      ) : newLinkHelps(code) ? (
        <>
          <h2>Get a new link</h2>
          <MagicLinkRequest redirect="/account" />
          <p className="muted">
            <Link to="/sign-in">Sign in another way</Link>
          </p>
        </>
      ) : (
        <p>
          <Link to="/sign-in">Back to sign in</Link>
          {code === 'new_user_signup_disabled' ? (
            <>
              {' · '}
              <Link to="/sign-up">Sign up</Link>
            </>
          ) : null}
        </p>
      )}
    </Page>
  );
}
