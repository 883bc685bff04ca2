import { Link, Navigate, useSearchParams } from 'react-router';
import { useSession } from '../auth';
import { Loading } from '../components/Messages';
import { Page } from '../components/Page';
import { landingPage } from '../lib/landing';
import { displayName } from '../lib/roles';
import { useLinkNotice } from '../lib/use-link-notice';

export function Home() {
  const [params] = useSearchParams();
  const notice = useLinkNotice();
  const { data, isPending } = useSession();

  // A mailed link that named no callbackURL lands here: hand it to its own page.
  const landing = landingPage(params, notice);
  if (landing) return <Navigate to={landing} replace state={{ linkNotice: notice }} />;

  return (
    <Page title="Welcome to Gatehouse">
      {isPending ? (
        <Loading />
      ) : data ? (
        <p>
          You are signed in as <strong>{displayName(data.user)}</strong>. Use the menu above to
          manage your account.
        </p>
      ) : (
        <>
          <p>Sign in to manage your account, sessions and organizations.</p>
          <div className="actions">
            <Link className="button primary" to="/sign-in">
              Sign in
            </Link>
            <Link className="button" to="/sign-up">
              Sign up
            </Link>
          </div>
        </>
      )}
    </Page>
  );
}
