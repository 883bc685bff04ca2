import type { User } from '../auth';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../auth';
import { Loading, Notice } from '../components/Messages';
import { Page } from '../components/Page';
import { ResendVerification } from '../components/ResendVerification';
import { VerifyByCode } from '../components/VerifyByCode';
import { explainError } from '../lib/error-codes';
import type { LinkKind } from '../lib/link-notice';
import { useLinkNotice } from '../lib/use-link-notice';

/**
 * Landing of verification and email-change links: the server redirects here (or to `/`,
 * which hands on), adding ?error=… when the link failed. The notice cookie says which link
 * it was; what is said about the address comes from the session, not from the URL.
 */
export function VerifyEmail() {
  const [params] = useSearchParams();
  const error = params.get('error');
  const notice = useLinkNotice();
  const { data, isPending } = useSession();
  const title = notice === 'change-email' ? 'Email change' : 'Email verification';

  if (isPending) return <Loading />;
  const user = data?.user;
  return (
    <Page title={title}>
      {error ? <LinkFailed error={error} user={user} /> : <LinkAccepted notice={notice} user={user} />}
    </Page>
  );
}

function LinkAccepted({ notice, user }: { notice: LinkKind | null; user: User | undefined }) {
  if (notice === 'change-email' && user) {
    return (
      <>
        <Notice>Your email address has been changed to {user.email}.</Notice>
        <p>
          We sent a verification link to {user.email}: open it to verify the new address.
        </p>
        <p>
          <Link to="/account">Open your account</Link>
        </p>
      </>
    );
  }
  if (!user) {
    return (
      <>
        {notice === 'verify-email' ? (
          <Notice>Your email address has been verified.</Notice>
        ) : (
          <p>If you came here from a verification link, it was accepted.</p>
        )}
        <p>You can now sign in.</p>
        <p>
          <Link to="/sign-in">Go to sign in</Link>
        </p>
      </>
    );
  }
  return (
    <>
      {user.emailVerified ? (
        <Notice>Your email address {user.email} is verified.</Notice>
      ) : (
        <p>
          Your email address is {user.email}. It is not verified yet: send a new verification link
          below, or from your account.
        </p>
      )}
      {user.emailVerified ? null : (
        <>
          <ResendVerification email={user.email} />
          <VerifyByCode email={user.email} />
        </>
      )}
      <p>
        <Link to="/account">Open your account</Link>
      </p>
    </>
  );
}

/** What went wrong, in words, and the next step for each code /verify-email can send. */
function LinkFailed({ error, user }: { error: string; user: User | undefined }) {
  const problem = (
    <p role="alert" className="message error">
      {explainError(error)} (<code>{error}</code>)
    </p>
  );
  if (error === 'unauthorized') {
    // The code's general sentence assumes a session; say what is true here.
    return (
      <>
        <p role="alert" className="message error">
          {user
            ? `You are signed in as ${user.email}, not as the account this link was sent to.`
            : 'You need to be signed in to confirm this change of email address.'}{' '}
          (<code>{error}</code>)
        </p>
        <p>
          This link confirms a change of email address. Sign in as the account it was sent to,
          then open the link in the mail again.
        </p>
        {user ? null : (
          <p>
            <Link to="/sign-in">Go to sign in</Link>
          </p>
        )}
      </>
    );
  }
  if (error === 'couldnt_update_your_email') {
    return (
      <>
        {problem}
        <p>The new address is already used by another account. Choose another one from your account.</p>
        <p>
          <Link to="/account">Open your account</Link>
        </p>
      </>
    );
  }
  return (
    <>
      {problem}
      {user?.emailVerified ? (
        <p>Your email address {user.email} is already verified: there is nothing more to do.</p>
      ) : (
        <>
          {error === 'invalid_token' ? (
            <p>If you already verified your address with this link, there is nothing more to do: sign in.</p>
          ) : null}
          <h2>Send a new link</h2>
          <p>Enter your email address and we will send you a new verification link.</p>
          <ResendVerification email={user?.email} />
          <VerifyByCode email={user?.email} />
        </>
      )}
      <p className="muted">
        If the link was to confirm a change of email address, start the change again from{' '}
        {user ? <Link to="/account">your account</Link> : <Link to="/sign-in">your account (sign in first)</Link>}.
      </p>
    </>
  );
}
