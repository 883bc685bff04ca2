import { Link, useSearchParams } from 'react-router';
import { useSession } from '../auth';
import { Loading, Notice } from '../components/Messages';
import { Page } from '../components/Page';
import { useLinkNotice } from '../lib/use-link-notice';

/**
 * Landing of the delete-account link (the app's own callbackURL, or `/` handing on):
 * `?error=invalid_token` when the link was unknown, expired or already used.
 */
export function AccountDeleted() {
  const [params] = useSearchParams();
  const error = params.get('error');
  // Consumed, so that the notice the deletion link left is not taken up again elsewhere.
  useLinkNotice();
  const { data, isPending } = useSession();

  if (isPending) return <Loading />;
  if (error) {
    return (
      <Page title="Delete account">
        <p role="alert" className="message error">
          This link to delete an account is invalid, has expired or was already used (
          <code>{error}</code>).
        </p>
        {data ? (
          <>
            <p>
              Your account ({data.user.email}) still exists. To delete it, ask for a new
              confirmation link from your account.
            </p>
            <p>
              <Link to="/account">Open your account</Link>
            </p>
          </>
        ) : (
          <>
            <p>
              If you already deleted your account with this link, there is nothing more to do.
              Otherwise sign in and ask for a new confirmation link from your account.
            </p>
            <p>
              <Link to="/sign-in?redirect=%2Faccount">Go to sign in</Link>
            </p>
          </>
        )}
      </Page>
    );
  }
  return (
    <Page title="Account deleted">
      <Notice>Your account has been deleted, with its sessions and linked accounts.</Notice>
      <p>Thank you for having used Gatehouse. You can create a new account at any time.</p>
      <div className="actions">
        <Link className="button" to="/sign-up">
          Sign up
        </Link>
        <Link className="button" to="/">
          Home
        </Link>
      </div>
    </Page>
  );
}
