import type { AuthContext } from '../../context.js';
import { deliverMail } from '../../mail/deliver.js';
import { renderActionMail, senderName } from '../../mail/render.js';
import type { UserRow } from '../../session/types.js';
import type { InvitationRow, OrganizationRow } from './schema.js';

/** The page of the app that answers an invitation: at the site root, not under the API base path (CONTRACT.md). */
export function invitationURL(auth: AuthContext, invitationId: string): string {
  return `${auth.baseURL}/accept-invitation/${encodeURIComponent(invitationId)}`;
}

// Names end up in a header (the subject): no line breaks or control characters.
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/**
 * The invitation mail, in the same template as the account mails: its URL on
 * a line of its own. A failure surfaces as 503 MAIL_DELIVERY_FAILED.
 */
export async function sendInvitationMail(
  auth: AuthContext,
  data: { invitation: InvitationRow; organization: OrganizationRow; inviter: UserRow },
): Promise<void> {
  const { invitation, organization, inviter } = data;
  const orgName = oneLine(organization.name);
  await deliverMail(auth, { kind: 'invitation', to: invitation.email }, () =>
    auth.mailer.send(
      renderActionMail({
        to: invitation.email,
        subject: `Invitation to join ${orgName}`,
        intro: [`${oneLine(inviter.name)} (${inviter.email}) invited you to join ${orgName} as ${invitation.role}.`],
        actionLabel: 'View invitation',
        url: invitationURL(auth, invitation.id),
        outro: [
          `The invitation expires on ${invitation.expiresAt.toUTCString()}.`,
          'If you did not expect it, you can ignore this mail.',
        ],
        signature: senderName(auth.options.email.from) ?? 'Gatehouse',
      }),
    ),
  );
}
