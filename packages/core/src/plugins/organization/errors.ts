import { defineErrors, errorsOf } from '../../errors.js';

/** The organization catalogue: the spec's messages (section 8) word for word, plus two of ours. */
export const ORGANIZATION_ERRORS = defineErrors({
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: 'You are not allowed to create a new organization',
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: 'You have reached the maximum number of organizations',
  ORGANIZATION_ALREADY_EXISTS: 'Organization already exists',
  ORGANIZATION_NOT_FOUND: 'Organization not found',
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: 'User is not a member of the organization',
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION: 'You are not allowed to update this organization',
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION: 'You are not allowed to delete this organization',
  NO_ACTIVE_ORGANIZATION: 'No active organization',
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: 'User is already a member of this organization',
  MEMBER_NOT_FOUND: 'Member not found',
  ROLE_NOT_FOUND: 'Role not found',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: 'You cannot leave the organization as the only owner',
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: 'You are not allowed to delete this member',
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: 'You are not allowed to invite users to this organization',
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: 'User is already invited to this organization',
  INVITATION_NOT_FOUND: 'Invitation not found',
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: 'You are not the recipient of the invitation',
  YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION: 'You are not allowed to cancel this invitation',
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION: 'Inviter is no longer a member of the organization',
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: 'you are not allowed to invite user with this role',
  // Not in the spec's list: update-member-role needs a refusal of its own, and
  // demoting the last owner would leave an organization nobody can delete.
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER: 'You are not allowed to update this member',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: 'You cannot leave the organization without an owner',
  // better-auth 1.7's catalogue (error-codes.ts), for list-user-invitations, get-active-member-role, teams and roles.
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION: 'Email verification required to view or list invitations for the session email',
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: 'You are not a member of this organization',
});

export const orgError = errorsOf(ORGANIZATION_ERRORS);
