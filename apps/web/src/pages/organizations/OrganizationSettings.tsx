import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FullOrganization } from '../../auth';
import { useSession } from '../../auth';
import { ErrorMessage } from '../../components/Messages';
import { Page } from '../../components/Page';
import { SkeletonRows } from '../../components/Placeholders';
import { useServerInfo } from '../../lib/providers';
import './settings.css';
import { useActiveOrganization } from './useActiveOrganization';

/**
 * A settings page of the active organization (Teams, Roles): says so when the server has the
 * feature off or no organization is active, else renders `children` with it.
 */
export function OrganizationSettings({
  title,
  enabled,
  children,
}: {
  title: string;
  enabled: (features: ReturnType<typeof useServerInfo>['features']) => boolean;
  children: (organization: FullOrganization, userId: string) => ReactNode;
}) {
  const { t } = useTranslation('teams');
  const { features, isPending: infoPending } = useServerInfo();
  const { data: session } = useSession();
  const { data: organization, error, isPending } = useActiveOrganization();
  let body: ReactNode;
  if (!infoPending && !enabled(features)) body = <p className="muted">{t('off')}</p>;
  else if (!session?.session.activeOrganizationId) {
    body = (
      <p className="muted">
        {t('noOrganization')} <Link to="/organizations">{t('toOrganizations')}</Link>
      </p>
    );
  } else if (error) body = <ErrorMessage error={error} />;
  else if (!organization) body = isPending ? <SkeletonRows label={title} rows={3} /> : null;
  else body = children(organization, session.user.id);
  return <Page title={title}>{body}</Page>;
}
