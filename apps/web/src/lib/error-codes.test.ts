import { describe, expect, it } from 'vitest';
import { explainError, isKnownError } from './error-codes';

const SPEC_CODES = [
  'invalid_callback_request',
  'state_not_found',
  'no_code',
  'oauth_provider_not_found',
  'please_restart_the_process',
  'unable_to_get_user_info',
  'email_not_found',
  "email_doesn't_match",
  'account_already_linked',
  'account_already_linked_to_different_user',
  'unable_to_link_account',
  'account_not_linked',
  'unable_to_create_user',
  'unable_to_create_session',
  'internal_server_error',
  'invalid_token',
  'token_expired',
  'user_not_found',
  'unauthorized',
  'INVALID_TOKEN',
];

describe('explainError', () => {
  it('has a sentence for every code the specification names', () => {
    for (const code of SPEC_CODES) expect(isKnownError(code), code).toBe(true);
  });

  it('falls back to a generic sentence', () => {
    expect(explainError('something_else')).toBe('An unexpected error occurred.');
  });
});
