import { Link, useSearchParams } from 'react-router';
import { useSession } from '../auth';
import { Loading } from '../components/Messages';
import { Page } from '../components/Page';
import { explainError } from '../lib/error-codes';

/**
 * Landing of verification and email-change links: the server redirects here,
 * adding ?error=… when the link failed. Without an error, what is said comes
 * from the session, not from the URL.
 */
export function VerifyEmail() {
  const [params] = useSearchParams();
  const error = params.get('error');
  const { data, isPending } = useSession();

  if (error) {
    return (
      <Page title="Email verification">
        <p role="alert" className="message error">
          {explainError(error)} (<code>{error}</code>)
        </p>
        <p>
          <Link to={data ? '/account' : '/sign-in'}>{data ? 'Open your profile' : 'Go to sign in'}</Link>
        </p>
      </Page>
    );
  }
  if (isPending) return <Loading />;

  return (
    <Page title="Email verification">
      {!data ? (
        <>
          <p>If you came here from a verification link, it was accepted. Sign in to continue.</p>
          <p>
            <Link to="/sign-in">Go to sign in</Link>
          </p>
        </>
      ) : data.user.emailVerified ? (
        <p role="status" className="message success">
          {data.user.email} is verified.
        </p>
      ) : (
        <p>
          Your email address is {data.user.email}. It is not verified yet; you can send a new
          verification link from your profile.
        </p>
      )}
      {data ? (
        <p>
          <Link to="/account">Open your profile</Link>
        </p>
      ) : null}
    </Page>
  );
}
