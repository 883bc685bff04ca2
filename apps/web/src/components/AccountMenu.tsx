import { useQuery } from '@tanstack/react-query';
import { ChevronDown, LogOut, UserPlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { auth, type User } from '../auth';
import { keys, queries } from '../lib/queries';
import { refusalOf } from '../lib/query-client';
import { displayName } from '../lib/roles';
import { useAction } from '../lib/use-action';
import { Avatar } from './Avatar';
import { ErrorMessage, Loading } from './Messages';
import { useDismiss } from '../lib/use-dismiss';

/**
 * The account menu of a browser that may hold several accounts (the multi-session plugin):
 * named after the person, it lists the accounts signed in here (name and email), switches
 * to one with one click, adds another (sign-in without signing out) and signs out of all.
 */
export function AccountMenu({ user, sessionId }: { user: User; sessionId: string }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  // Loaded when the menu opens (again each time: another tab may have added an account).
  const accounts = useQuery({ ...queries.deviceSessions(), enabled: open });
  // Both change the session, which the client reloads itself (a new person drops the cache: query-client.ts);
  // the list's "Active" mark moves with a switch.
  const switchTo = useAction((sessionToken: string) => auth.multiSession.setActive({ sessionToken }), { invalidates: [keys.me.deviceSessions()] });
  const signOutAll = useAction(() => auth.multiSession.signOutAll(), { invalidates: [] });

  useDismiss(open, root, () => setOpen(false));

  const onSwitch = async (token: string) => {
    const { error } = await switchTo.run(token);
    if (!error) setOpen(false);
  };
  const onSignOutAll = async () => {
    const { error } = await signOutAll.run();
    if (!error) {
      setOpen(false);
      navigate('/');
    }
  };

  return (
    <div className="account-menu" ref={root}>
      <button type="button" className="account-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <Avatar name={user.name} email={user.email} image={user.image} size={28} />
        <span className="who-name">{displayName(user)}</span>
        <ChevronDown aria-hidden="true" className="chevron" size={16} />
      </button>
      {open ? (
        <section id={panelId} className="account-panel" aria-label={t('menu.accounts')}>
          <p className="panel-heading">{t('menu.accounts')}</p>
          {accounts.isPending && !accounts.data ? <Loading /> : null}
          <ErrorMessage error={refusalOf(accounts.error)} />
          <ul className="account-list">
            {(accounts.data ?? []).map(({ session, user: account }) =>
              session.id === sessionId ? (
                <li key={session.id}>
                  <div className="account-entry current" aria-current="true">
                    <Avatar name={account.name} email={account.email} image={account.image} size={32} />
                    <span className="account-name">{displayName(account)}</span>
                    <span className="account-email">{account.email}</span>
                    <span className="badge ok">{t('menu.active')}</span>
                  </div>
                </li>
              ) : (
                <li key={session.id}>
                  <button type="button" className="account-entry" disabled={switchTo.pending} onClick={() => onSwitch(session.token)}>
                    <Avatar name={account.name} email={account.email} image={account.image} size={32} />
                    <span className="visually-hidden">{t('menu.switchTo')} </span>
                    <span className="account-name">{displayName(account)}</span>
                    <span className="account-email">{account.email}</span>
                  </button>
                </li>
              ),
            )}
          </ul>
          <ErrorMessage error={switchTo.error ?? signOutAll.error} />
          <div className="panel-actions">
            <Link to="/sign-in?add=1" onClick={() => setOpen(false)}>
              <UserPlus aria-hidden="true" size={16} />
              {t('menu.add')}
            </Link>
            <button type="button" className="link" onClick={onSignOutAll} disabled={signOutAll.pending}>
              <LogOut aria-hidden="true" size={16} />
              {t('menu.signOutAll')}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
