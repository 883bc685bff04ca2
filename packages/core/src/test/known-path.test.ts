import { describe, expect, test } from 'vitest';
import type { CheckedPath, KnownPath } from './harness.js';

describe('the test client knows the routes by their paths', () => {
  test('a literal path must be a route, a route with a parameter or a query, or what is served beside the routes', () => {
    const ok: CheckedPath<'/get-session'>[] = ['/get-session'];
    const withQuery: KnownPath = '/admin/list-users?limit=5';
    const withParam: KnownPath = '/sso/saml2/sp/metadata?providerId=acme';
    const provider: KnownPath = '/oidc/token';
    // @ts-expect-error a renamed or misspelt route is refused at compile time
    const misspelt: KnownPath = '/get-sesion';
    // @ts-expect-error a path built at run time is not checked, but a literal one is
    const wrong: CheckedPath<'/sign-in/e-mail'> = '/sign-in/e-mail';
    const built: CheckedPath<string> = `/${'anything'}`;
    const pattern: CheckedPath<`/admin${string}`> = `/admin/${'anything'}`;
    expect([ok, withQuery, withParam, provider, misspelt, wrong, built, pattern]).toHaveLength(8);
  });
});
