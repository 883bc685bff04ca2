/** A sentence for each error code the server can put in a redirect (spec section 8). */
const EXPLANATIONS: Record<string, string> = {
  invalid_callback_request: 'The sign-in provider sent back a request that could not be read.',
  state_not_found: 'The sign-in attempt could not be matched to one started here.',
  no_code: 'The sign-in provider did not return an authorization code.',
  oauth_provider_not_found: 'That sign-in provider is not configured on this service.',
  please_restart_the_process:
    'The sign-in attempt expired or was already used. Please start again.',
  unable_to_get_user_info: 'The sign-in provider did not share your profile information.',
  email_not_found: 'The sign-in provider did not share an email address for your account.',
  "email_doesn't_match":
    'The email address of that provider account does not match the email of your account.',
  account_already_linked: 'That provider account is already linked to your account.',
  account_already_linked_to_different_user:
    'That provider account is already linked to a different user.',
  unable_to_link_account: 'The provider account could not be linked to your account.',
  account_not_linked:
    'An account with this email exists, but this sign-in provider is not linked to it. Sign in another way and link it from your account page.',
  unable_to_create_user: 'Your account could not be created.',
  unable_to_create_session: 'You could not be signed in because no session could be created.',
  internal_server_error: 'Something went wrong on the server.',
  invalid_token: 'The link is invalid. It may have been altered or already used.',
  token_expired: 'The link has expired. Please request a new one.',
  user_not_found: 'No account was found for this link.',
  unauthorized: 'You are signed in as a different user than the one this link is for.',
  INVALID_TOKEN: 'The link is invalid or has expired. Please request a new one.',
  EXPIRED_TOKEN: 'The link has expired. Please request a new one.',
  new_user_signup_disabled: 'There is no account for this email address, and new accounts cannot be created with a sign-in link.',
  failed_to_create_user: 'Your account could not be created.',
  BANNED_USER: 'You have been banned from this application.',
  access_denied: 'The sign-in was cancelled at the provider.',
};

/** Explains an error code in a sentence; unknown codes get a generic one. */
export function explainError(code: string): string {
  return EXPLANATIONS[code] ?? 'An unexpected error occurred.';
}

export function isKnownError(code: string): boolean {
  return code in EXPLANATIONS;
}
