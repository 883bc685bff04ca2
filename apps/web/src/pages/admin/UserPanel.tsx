import type { User } from '../../auth';
import { ScrollText, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { auth } from '../../auth';
import { Avatar } from '../../components/Avatar';
import { ErrorMessage, Notice } from '../../components/Messages';
import { Section } from '../../components/Section';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { BanUser } from './BanUser';
import { EmailVerification } from './EmailVerification';
import { RemoveUser } from './RemoveUser';
import { RoleTag } from './RoleTag';
import { SetPassword } from './SetPassword';
import { SetRole } from './SetRole';
import { UserStatus } from './UserTable';
import { UserSessions } from './UserSessions';
import { keys, queries } from '../../lib/queries';
import { useQuery } from '@tanstack/react-query';

interface Props {
  /** The user as the table listed them, shown until the server's own answer arrives. */
  listed: User;
  onRemoved: () => void;
  onClose: () => void;
}

/**
 * The user as the server holds them now, loaded by id: after an action the table may no longer
 * list them (another page, a filter they left), but the panel still shows their current state.
 */
function useUser(listed: User): User | null {
  const answer = useQuery(queries.users({ filterField: 'id', filterValue: listed.id, filterOperator: 'eq', limit: 1 }));
  if (!answer.data) return listed;
  return answer.data.users.find((u) => u.id === listed.id) ?? null;
}

/** Everything an admin can do to one user. */
export function UserPanel({ listed, onRemoved, onClose }: Props) {
  const { t } = useTranslation('admin');
  const user = useUser(listed);
  if (!user) {
    return (
      <Section title={t('panel.title', { email: listed.email })} focusOnMount>
        <Notice>{t('panel.gone')}</Notice>
        <button type="button" onClick={onClose}>
          {t('panel.close')}
        </button>
      </Section>
    );
  }
  return <UserActions user={user} onRemoved={onRemoved} onClose={onClose} />;
}

function UserActions({ user, onRemoved, onClose }: { user: User; onRemoved: () => void; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  // The person changes (lib/queries.ts followIdentity); the trail gains an event.
  const impersonate = useAction(() => auth.admin.impersonateUser({ userId: user.id }), { invalidates: [keys.admin.user(user.id), keys.admin.audit] });

  const onImpersonate = async () => {
    if (!(await impersonate.run()).error) navigate('/account');
  };

  return (
    <Section title={t('panel.title', { email: user.email })} focusOnMount>
      <div className="panel-head">
        <Avatar name={user.name} email={user.email} image={user.image} size={48} />
        <div className="panel-who">
          <p className="strong">{user.name}</p>
          <p className="muted">{user.email}</p>
        </div>
        <button type="button" className="panel-close" onClick={onClose}>
          <X size={18} aria-hidden="true" />
          {t('panel.close')}
        </button>
      </div>
      <dl className="details">
        <dt>{t('panel.name')}</dt>
        <dd>{user.name}</dd>
        <dt>{t('panel.role')}</dt>
        <dd>
          <RoleTag role={user.role} />
        </dd>
        <dt>{t('panel.status')}</dt>
        <dd>
          <UserStatus user={user} />
        </dd>
        <dt>{t('panel.created')}</dt>
        <dd>{formatDate(user.createdAt)}</dd>
      </dl>
      <Link to={`/admin/audit?${new URLSearchParams({ user: user.email })}`} className="icon-link">
        <ScrollText size={16} aria-hidden="true" />
        {t('panel.audit')}
        <span className="visually-hidden"> {t('panel.auditOf', { email: user.email })}</span>
      </Link>

      <div className="panel-grid">
        <div className="panel-part panel-wide">
          <h3>{t('panel.emailHeading')}</h3>
          <EmailVerification user={user} />
        </div>

        <div className="panel-part">
          <h3>{t('panel.roleHeading')}</h3>
          {/* Keyed on the role, so that its choice starts again from the server's role when that changes. */}
          <SetRole key={user.role ?? ''} user={user} />
        </div>

        <div className="panel-part">
          <h3>{t('panel.impersonateHeading')}</h3>
          <p className="muted">{t('panel.impersonateHint')}</p>
          <button type="button" onClick={onImpersonate} disabled={impersonate.pending}>
            {t('panel.impersonate')}
          </button>
          <ErrorMessage error={impersonate.error} />
        </div>

        <div className="panel-part">
          <h3>{t('panel.passwordHeading')}</h3>
          <SetPassword user={user} />
        </div>

        <div className="panel-part">
          <h3>{t('panel.banHeading')}</h3>
          <BanUser user={user} />
        </div>
      </div>

      <div className="panel-part">
        <h3>{t('panel.sessionsHeading')}</h3>
        <UserSessions user={user} />
      </div>

      <RemoveUser user={user} onRemoved={onRemoved} Heading="h3" />
    </Section>
  );
}
