import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { auth, useSession } from '../../auth';
import { Avatar } from '../../components/Avatar';
import { ErrorMessage } from '../../components/Messages';
import { EmptyState, SkeletonRows } from '../../components/Placeholders';
import { Section } from '../../components/Section';
import { useAction } from '../../lib/use-action';
import { queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { useQuery } from '@tanstack/react-query';

export function OrganizationList() {
  const { t } = useTranslation('org');
  const { data: session } = useSession();
  const organizations = useQuery({ ...queries.organizations(session?.user.id ?? ''), enabled: Boolean(session) });
  // The session names the active organization; the client loads it again after switching.
  const switchTo = useAction((organizationId: string) => auth.organization.setActive({ organizationId }), { invalidates: [] });
  const activeId = session?.session.activeOrganizationId;

  return (
    <Section title={t('list.title')}>
      <ErrorMessage error={refusalOf(organizations.error)} />
      {organizations.isPending && !organizations.data ? <SkeletonRows label={t('list.loading')} rows={2} avatar /> : null}
      {organizations.data?.length === 0 ? (
        <EmptyState icon={<Building2 size={28} />} title={t('list.none')}>
          {t('list.noneHint')}
        </EmptyState>
      ) : null}
      {organizations.data && organizations.data.length > 0 ? (
        <ul className="list">
          {organizations.data.map((org) => (
            <li key={org.id} className="list-item">
              <div className="member-who">
                <Avatar name={org.name} email={org.slug} image={org.logo} size={32} />
                <div>
                  <p className="strong">{org.name}</p>
                  <p className="muted">{org.slug}</p>
                </div>
              </div>
              {org.id === activeId ? (
                <span className="badge ok">{t('list.active')}</span>
              ) : (
                <button type="button" onClick={() => switchTo.run(org.id)} disabled={switchTo.pending}>
                  {t('list.switchTo', { name: org.name })}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorMessage error={switchTo.error} />
    </Section>
  );
}
