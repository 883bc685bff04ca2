import { Link, NavLink, useNavigate } from 'react-router';
import { auth, useSession } from '../auth';
import { useServerInfo } from '../lib/providers';
import { displayName, isAdmin } from '../lib/roles';
import { useAction } from '../lib/use-action';
import { AccountMenu } from './AccountMenu';
import { ErrorMessage } from './Messages';

export function Header() {
  const { data } = useSession();
  const { features } = useServerInfo();
  const navigate = useNavigate();
  const signOut = useAction(() => auth.signOut());
  const user = data?.user;

  const onSignOut = async () => {
    const { error } = await signOut.run();
    if (!error) navigate('/');
  };

  return (
    <header className="site-header">
      <Link to="/" className="brand">
        Gatehouse
      </Link>
      {user ? (
        <>
          <nav aria-label="Main" className="main-nav">
            <NavLink to="/account">Account</NavLink>
            <NavLink to="/sessions">Sessions</NavLink>
            {features.twoFactor ? <NavLink to="/two-factor">Two-factor</NavLink> : null}
            {features.organization ? <NavLink to="/organizations">Organizations</NavLink> : null}
            {features.admin && isAdmin(user) ? <NavLink to="/admin">Admin</NavLink> : null}
          </nav>
          <div className="who">
            {features.multiSession && data ? (
              <AccountMenu user={user} sessionId={data.session.id} />
            ) : (
              <span className="who-name">{displayName(user)}</span>
            )}
            <button type="button" onClick={onSignOut} disabled={signOut.pending}>
              Sign out
            </button>
          </div>
          <ErrorMessage error={signOut.error} />
        </>
      ) : null}
    </header>
  );
}
