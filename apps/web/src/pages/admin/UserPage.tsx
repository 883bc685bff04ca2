import type { User } from '../../auth';
import { ArrowLeft, Building2, ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { auth } from '../../auth';
import { Avatar } from '../../components/Avatar';
import { ErrorMessage, Notice } from '../../components/Messages';
import { Page } from '../../components/Page';
import { EmptyState, SkeletonRows } from '../../components/Placeholders';
import { useToast } from '../../components/Toasts';
import { formatDate } from '../../lib/format';
import { useServerInfo } from '../../lib/providers';
import { useAction } from '../../lib/use-action';
import { AccessResets } from './AccessResets';
import { EventName } from './AuditPage';
import { BanUser } from './BanUser';
import { EmailVerification } from './EmailVerification';
import { RelativeTime } from './RelativeTime';
import { RemoveUser } from './RemoveUser';
import { RoleTag } from './RoleTag';
import { SetPassword } from './SetPassword';
import { SetRole } from './SetRole';
import { UserSessions } from './UserSessions';
import { UserStatus } from './UserTable';
import { useRoleName } from '../organizations/RoleName';
import { adminUserChanged, keys, queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { useQuery } from '@tanstack/react-query';

/** The page's tabs; "organizations" only while the server runs organizations (GET /admin/list-user-organizations). */
const TABS = ['overview', 'sessions', 'security', 'organizations', 'audit'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null, tabs: readonly Tab[]): v is Tab => tabs.includes(v as Tab);

const SECURITY_TYPES = 'sign-in.failure,sign-in.lockout,password.change,password.reset,two-factor.enable,two-factor.disable,passkey.register,passkey.delete';

/** /admin/users/:id: one user's page, its tab in the URL (?tab=), with the quick actions on top. */
export function UserPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const answer = useQuery(queries.user(id));
  const user = answer.data;
  return (
    <Page title={user ? user.name || user.email : t('userPage.title')}>
      <Link to="/admin" className="icon-link">
        <ArrowLeft size={16} aria-hidden="true" />
        {t('userPage.back')}
      </Link>
      <ErrorMessage error={refusalOf(answer.error)} />
      {answer.isPending && !user ? <SkeletonRows label={t('userPage.loading')} rows={3} avatar /> : null}
      {user ? <UserView user={user} /> : null}
    </Page>
  );
}

function UserView({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const { features } = useServerInfo();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((name) => name !== 'organizations' || features.organization);
  const raw = params.get('tab');
  const tab: Tab = isTab(raw, tabs) ? raw : 'overview';
  return (
    <div className="stack user-page">
      <div className="card user-page-head">
        <Avatar name={user.name} email={user.email} image={user.image} size={56} />
        <div className="user-page-who">
          <p className="strong truncate" title={user.name}>
            {user.name}
          </p>
          <p className="muted truncate" title={user.email}>
            {user.email}
          </p>
          <p className="row gap-small">
            <RoleTag role={user.role} /> <UserStatus user={user} />
          </p>
        </div>
        <QuickActions user={user} />
      </div>
      <div role="tablist" aria-label={t('userPage.tabs')} className="tabs">
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`user-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`user-panel-${name}`}
            className={tab === name ? 'tab active' : 'tab'}
            onClick={() => setParams(name === 'overview' ? {} : { tab: name }, { replace: true })}
          >
            {t(`userPage.tab.${name}`)}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`user-panel-${tab}`} aria-labelledby={`user-tab-${tab}`} className="card stack">
        {tab === 'overview' ? <Overview user={user} /> : null}
        {tab === 'sessions' ? <UserSessions user={user} /> : null}
        {tab === 'security' ? <Security user={user} /> : null}
        {tab === 'organizations' ? <UserOrganizations user={user} /> : null}
        {tab === 'audit' ? <UserEvents user={user} /> : null}
      </section>
    </div>
  );
}

/** What an admin does most: verify the address (or mail a link), impersonate, ban or unban, unlock, reset two-factor. */
function QuickActions({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const toast = useToast();
  const impersonate = useAction(() => auth.admin.impersonateUser({ userId: user.id }), { invalidates: [keys.admin.user(user.id), keys.admin.audit] });
  const unban = useAction(() => auth.admin.unbanUser({ userId: user.id }), { invalidates: adminUserChanged(user.id) });
  const onImpersonate = async () => {
    if (!(await impersonate.run()).error) navigate('/account');
  };
  const onUnban = async () => {
    if (!(await unban.run()).error) toast(t('ban.undone', { email: user.email }));
  };
  return (
    <section className="quick-actions" aria-label={t('userPage.quickActions')}>
      <EmailVerification user={user} compact />
      {user.banned ? (
        <button type="button" onClick={onUnban} disabled={unban.pending}>
          {t('ban.unban')}
        </button>
      ) : (
        <button type="button" onClick={onImpersonate} disabled={impersonate.pending}>
          {t('panel.impersonate')}
        </button>
      )}
      <AccessResets user={user} />
      <ErrorMessage error={impersonate.error ?? unban.error} />
    </section>
  );
}

function Overview({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const toast = useToast();
  const onRemoved = () => {
    toast(t('users.removed', { email: user.email }));
    navigate('/admin');
  };
  return (
    <>
      <dl className="details">
        <dt>{t('panel.name')}</dt>
        <dd>{user.name}</dd>
        <dt>{t('panel.created')}</dt>
        <dd>{formatDate(user.createdAt)}</dd>
        <dt>{t('userPage.updated')}</dt>
        <dd>
          <RelativeTime value={user.updatedAt} />
        </dd>
      </dl>
      <div className="panel-grid">
        <div className="panel-part">
          <h2>{t('panel.roleHeading')}</h2>
          <SetRole key={user.role ?? ''} user={user} />
        </div>
        <div className="panel-part">
          <h2>{t('panel.banHeading')}</h2>
          <BanUser user={user} />
        </div>
      </div>
      <RemoveUser user={user} onRemoved={onRemoved} Heading="h2" />
    </>
  );
}

function Security({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const twoFactor = Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
  return (
    <>
      <dl className="details">
        <dt>{t('userPage.twoFactor')}</dt>
        <dd>{twoFactor ? <span className="status-pill ok">{t('userPage.on')}</span> : <span className="status-pill warn">{t('userPage.off')}</span>}</dd>
      </dl>
      <div className="panel-part">
        <h2>{t('panel.passwordHeading')}</h2>
        <SetPassword user={user} />
      </div>
      <h2>{t('userPage.securityEvents')}</h2>
      <UserEvents user={user} types={SECURITY_TYPES} />
    </>
  );
}

/**
 * The organizations the user is a member of: the organization (name and slug), their role in words (a
 * custom role by its name) and when they joined. The console has no page per organization to link to.
 */
function UserOrganizations({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const roleName = useRoleName();
  const list = useQuery(queries.userOrganizations(user.id));
  const organizations = list.data?.organizations ?? [];
  return (
    <div className="stack">
      <ErrorMessage error={refusalOf(list.error)} />
      {list.isPending && !list.data ? <SkeletonRows label={t('userPage.organizationsLoading')} rows={2} avatar /> : null}
      {list.data && organizations.length === 0 ? <EmptyState icon={<Building2 size={28} />} title={t('userPage.noOrganizations')} /> : null}
      {organizations.length > 0 ? (
        <div className="table-wrap">
          <table className="responsive">
            <thead>
              <tr>
                <th scope="col">{t('userPage.organizationColumn.organization')}</th>
                <th scope="col">{t('userPage.organizationColumn.role')}</th>
                <th scope="col">{t('userPage.organizationColumn.joined')}</th>
              </tr>
            </thead>
            <tbody>
              {organizations.map((o) => (
                <tr key={o.organizationId}>
                  <td data-label={t('userPage.organizationColumn.organization')}>
                    <span className="user-cell">
                      <Avatar name={o.name} email={o.slug} size={28} />
                      <span className="user-cell-text">
                        <span className="strong truncate" title={o.name}>
                          {o.name}
                        </span>
                        <span className="muted truncate mono" title={o.slug}>
                          {o.slug}
                        </span>
                      </span>
                    </span>
                  </td>
                  <td data-label={t('userPage.organizationColumn.role')}>{roleName(o.role)}</td>
                  <td data-label={t('userPage.organizationColumn.joined')} className="nowrap">
                    <RelativeTime value={o.joinedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/** The user's latest audit events (of the given types), with a link to the whole trail. */
function UserEvents({ user, types }: { user: User; types?: string }) {
  const { t } = useTranslation('admin');
  const list = useQuery(queries.userEvents(user.id, types));
  const events = list.data?.events ?? [];
  const trail = new URLSearchParams({ user: user.email, ...(types ? { type: types } : {}) });
  return (
    <div className="stack">
      <ErrorMessage error={refusalOf(list.error)} />
      {list.isPending && !list.data ? <SkeletonRows label={t('audit.loading')} rows={3} /> : null}
      {list.data && events.length === 0 ? <EmptyState title={t('userPage.noEvents')} /> : null}
      {events.length > 0 ? (
        <div className="table-wrap">
          <table className="responsive audit-table">
            <thead>
              <tr>
                <th scope="col">{t('audit.column.when')}</th>
                <th scope="col">{t('audit.column.event')}</th>
                <th scope="col">{t('audit.column.ip')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.id}>
                  <td data-label={t('audit.column.when')} className="nowrap">
                    <RelativeTime value={e.createdAt} />
                  </td>
                  <td data-label={t('audit.column.event')}>
                    <EventName type={e.type} />
                  </td>
                  <td data-label={t('audit.column.ip')} className="nowrap">
                    {e.ipAddress ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Link to={`/admin/audit?${trail}`} className="icon-link">
        <ScrollText size={16} aria-hidden="true" />
        {t('userPage.openTrail')}
      </Link>
      {list.data && list.data.total > events.length ? <Notice>{t('userPage.more', { count: list.data.total - events.length })}</Notice> : null}
    </div>
  );
}
