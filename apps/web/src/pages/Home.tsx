import { Link } from 'react-router';
import { useSession } from '../auth';
import { Loading } from '../components/Messages';
import { Page } from '../components/Page';
import { displayName } from '../lib/roles';

export function Home() {
  const { data, isPending } = useSession();
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
