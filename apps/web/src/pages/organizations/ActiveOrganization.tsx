import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth';
import { Avatar } from '../../components/Avatar';
import { ErrorMessage } from '../../components/Messages';
import { SkeletonRows } from '../../components/Placeholders';
import { formatNumber } from '../../lib/format';
import { InviteMember } from './InviteMember';
import { Invitations } from './Invitations';
import { LeaveOrDelete } from './LeaveOrDelete';
import { MemberRow } from './MemberRow';
import { useRoleName } from './RoleName';
import { canManage, isOwner as holdsOwner } from './roles';
import { useActiveOrganization } from './useActiveOrganization';

/** The active organization as a card named after it: members, inviting, pending invitations, leaving. */
export function ActiveOrganization() {
  const { t } = useTranslation('org');
  const heading = useId();
  const roleName = useRoleName();
  const { data: session } = useSession();
  const { data: organization, error, isPending } = useActiveOrganization();
  if (!session?.session.activeOrganizationId) return null;
  if (error) return <ErrorMessage error={error} />;
  if (!organization) return isPending ? <SkeletonRows label={t('loading')} rows={3} avatar /> : null;

  const me = organization.members.find((member) => member.userId === session.user.id);
  const manager = canManage(me?.role);
  const isOwner = holdsOwner(me?.role);
  return (
    <section className="card org-card" aria-labelledby={heading}>
      <div className="org-head">
        <Avatar name={organization.name} email={organization.slug} image={organization.logo} size={48} />
        <div>
          <h2 id={heading}>{organization.name}</h2>
          <p className="muted">{t('active.meta', { slug: organization.slug, role: me ? roleName(me.role) : t('active.unknownRole') })}</p>
        </div>
        <span className="badge ok">{t('active.badge')}</span>
      </div>
      <h3>{t('active.members', { count: organization.members.length, value: formatNumber(organization.members.length) })}</h3>
      <ul className="list">
        {organization.members.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            organizationName={organization.name}
            isSelf={member.userId === session.user.id}
            // Only owners may change or remove an owner.
            canManage={manager && (isOwner || !holdsOwner(member.role))}
          />
        ))}
      </ul>
      <div className="org-parts">
        {manager ? <InviteMember organizationId={organization.id} /> : null}
        <Invitations invitations={organization.invitations ?? []} canManage={manager} />
      </div>
      <LeaveOrDelete
        organization={organization}
        isOwner={isOwner}
        soleOwner={isOwner && organization.members.filter((member) => holdsOwner(member.role)).length === 1}
      />
    </section>
  );
}
