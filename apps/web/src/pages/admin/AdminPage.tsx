import type { User } from '../../auth';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';
import { useToast } from '../../components/Toasts';
import { type Created, CreateUser } from './CreateUser';
import { UserPanel } from './UserPanel';
import { UserTable } from './UserTable';

/**
 * Below the table: nothing, the create form, or one user's panel (never both, to keep labels unique).
 * The table and the panel load from the server again after every action (lib/reload-all.ts).
 */
type Focus = { kind: 'none' } | { kind: 'create' } | { kind: 'user'; user: User };

const CREATED_MESSAGE = {
  sent: 'users.createdSent',
  verified: 'users.createdVerified',
  plain: 'users.created',
  'mail-failed': 'users.createdNoMail',
} as const satisfies Record<Created, string>;

/** The admin console's Users section (at /admin; AdminLayout lets only admins in). */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const [focus, setFocus] = useState<Focus>({ kind: 'none' });

  return (
    <Page title={t('users.title')}>
      <div className="admin-intro">
        <p className="muted">{t('users.intro')}</p>
        {/* Hidden while the form is open, so only one "Create user" button exists at a time. */}
        {focus.kind === 'create' ? null : (
          <button type="button" className="primary" onClick={() => setFocus({ kind: 'create' })}>
            <UserPlus size={18} aria-hidden="true" />
            {t('users.create')}
          </button>
        )}
      </div>
      {focus.kind === 'create' ? (
        <CreateUser
          onClose={() => setFocus({ kind: 'none' })}
          onCreated={(email, outcome) => {
            toast(t(CREATED_MESSAGE[outcome], { email }));
            setFocus({ kind: 'none' });
          }}
        />
      ) : null}
      <UserTable onManage={(user) => setFocus({ kind: 'user', user })} />
      {focus.kind === 'user' ? (
        <UserPanel
          key={focus.user.id}
          listed={focus.user}
          onClose={() => setFocus({ kind: 'none' })}
          onRemoved={() => {
            toast(t('users.removed', { email: focus.user.email }));
            setFocus({ kind: 'none' });
          }}
        />
      ) : null}
    </Page>
  );
}
