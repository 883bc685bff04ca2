import { type AuthContext, deliverMail, localizedActionMail, type UserRow } from '../../kit.js';
import type { InvitationRow, OrganizationRow } from './schema.js';

/** The invitation mail's words in English; translated in translations.ts, replaced by `i18n.messages`. */
export const INVITATION_MAIL_TEXTS = {
  'mail.invitation.subject': 'Invitation to join {organization}',
  'mail.invitation.intro': '{inviter} ({inviterEmail}) invited you to join {organization} as {role}.',
  'mail.invitation.action': 'View invitation',
  'mail.invitation.expires': 'The invitation expires on {date}.',
  'mail.invitation.ignore': 'If you did not expect it, you can ignore this mail.',
} as const;

/** The page of the app that answers an invitation: at the site root, not under the API base path (CONTRACT.md). */
export function invitationURL(auth: AuthContext, invitationId: string): string {
  return `${auth.baseURL}/accept-invitation/${encodeURIComponent(invitationId)}`;
}

// Names end up in a header (the subject): no line breaks or control characters.
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/**
 * The invitation mail, in the same template as the account mails: its URL on a line of its
 * own. Its language: the invitee's stored one when they already have an account, else the
 * inviter's request's (`acceptLanguage`), else the default. A failure surfaces as 503 MAIL_DELIVERY_FAILED.
 */
export async function sendInvitationMail(
  auth: AuthContext,
  data: { invitation: InvitationRow; organization: OrganizationRow; inviter: UserRow; invitee?: UserRow | null; acceptLanguage?: string | null },
): Promise<void> {
  const { invitation, organization, inviter } = data;
  const locale = auth.i18n.recipientLocale(data.invitee?.locale, data.acceptLanguage);
  await deliverMail(auth, { kind: 'invitation', to: invitation.email }, () =>
    auth.mailer.send(
      localizedActionMail(auth.i18n, locale, 'invitation', ['expires', 'ignore'], {
        to: invitation.email,
        url: invitationURL(auth, invitation.id),
        values: {
          organization: oneLine(organization.name),
          inviter: oneLine(inviter.name),
          inviterEmail: inviter.email,
          role: invitation.role,
          date: auth.i18n.date(locale, invitation.expiresAt),
        },
        from: auth.options.email.from,
      }),
    ),
  );
}
