import { normalizeEmail, type SignedInContext } from '../../kit.js';
import { orgError } from './errors.js';
import type { InvitationRow } from './schema.js';
import { findMember, isOpen } from './shared.js';

/** The invitation, if the caller is the one it was sent to (their email matches). */
export async function requireRecipient(c: SignedInContext, invitationId: string): Promise<InvitationRow> {
  const invitation = await c.auth.adapter.findOne<InvitationRow>('invitation', [{ field: 'id', value: invitationId }]);
  if (!invitation) throw orgError('BAD_REQUEST', 'INVITATION_NOT_FOUND');
  if (normalizeEmail(invitation.email) !== normalizeEmail(c.session.user.email)) {
    throw orgError('FORBIDDEN', 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION');
  }
  return invitation;
}

/** Only a pending, unexpired invitation can be answered (spec section 4). */
export async function requireAnswerable(c: SignedInContext, invitationId: string): Promise<InvitationRow> {
  const invitation = await requireRecipient(c, invitationId);
  if (!isOpen(c.auth, invitation)) throw orgError('BAD_REQUEST', 'INVITATION_NOT_FOUND');
  return invitation;
}

/** An invitation is only as good as its inviter's membership. */
export async function requireInviterStillMember(c: SignedInContext, invitation: InvitationRow): Promise<void> {
  if (!(await findMember(c.auth, invitation.organizationId, invitation.inviterId))) {
    throw orgError('BAD_REQUEST', 'INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION');
  }
}
