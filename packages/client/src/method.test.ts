import { describe, expect, it } from 'vitest';
import { methodFor } from './method.js';

describe('methodFor (spec section 7 client rule)', () => {
  it('uses GET for get-session even with a query', () => {
    expect(methodFor('/get-session', false)).toBe('GET');
    expect(methodFor('/get-session', true)).toBe('GET');
  });

  it('uses POST for the listed routes even without a payload', () => {
    for (const path of ['/sign-out', '/revoke-sessions', '/revoke-other-sessions', '/delete-user']) {
      expect(methodFor(path, false)).toBe('POST');
    }
    expect(methodFor('/two-factor/send-otp', false)).toBe('POST');
    expect(methodFor('/admin/stop-impersonating', false)).toBe('POST');
  });

  it('uses GET without a payload and POST with one for any other route', () => {
    expect(methodFor('/sign-in/email', true)).toBe('POST');
    expect(methodFor('/some/new-route', false)).toBe('GET');
    expect(methodFor('/some/new-route', true)).toBe('POST');
  });

  it('keeps read-only routes on GET, their payload becoming the query', () => {
    for (const path of [
      '/list-sessions',
      '/list-accounts',
      '/organization/list',
      '/organization/get-full-organization',
      '/organization/get-invitation',
      '/organization/get-active-member',
      '/organization/list-invitations',
      '/organization/list-members',
      '/admin/list-users',
    ]) {
      expect(methodFor(path, true)).toBe('GET');
    }
  });
});
