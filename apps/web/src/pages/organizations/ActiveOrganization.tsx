import { useActiveOrganization, useSession } from '../../auth';
import { ErrorMessage, Loading } from '../../components/Messages';
import { Section } from '../../components/Section';
import { InviteMember } from './InviteMember';
import { Invitations } from './Invitations';
import { LeaveOrDelete } from './LeaveOrDelete';
import { MemberRow } from './MemberRow';
import { canManage, isOwner as holdsOwner } from './roles';

export function ActiveOrganization() {
  const { data: session } = useSession();
  const { data: organization, error, isPending } = useActiveOrganization();
  if (!session?.session.activeOrganizationId) return null;
  if (error) return <ErrorMessage error={error} />;
  if (!organization) return isPending ? <Loading /> : null;

  const me = organization.members.find((member) => member.userId === session.user.id);
  const manager = canManage(me?.role);
  const isOwner = holdsOwner(me?.role);
  return (
    <Section title={organization.name}>
      <p className="muted">
        Slug {organization.slug} · your role: {me?.role ?? 'unknown'}
      </p>
      <h3>Members</h3>
      <ul className="list">
        {organization.members.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            isSelf={member.userId === session.user.id}
            // Only owners may change or remove an owner.
            canManage={manager && (isOwner || !holdsOwner(member.role))}
          />
        ))}
      </ul>
      {manager ? <InviteMember organizationId={organization.id} /> : null}
      <Invitations invitations={organization.invitations ?? []} canManage={manager} />
      <LeaveOrDelete organization={organization} isOwner={isOwner} />
    </Section>
  );
}
