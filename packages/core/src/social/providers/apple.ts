import type { ProviderDefinition } from '../types.js';
import { bool, str } from '../types.js';

/**
 * Sign in with Apple. No user-info endpoint: the profile is the ID token
 * (maximum age 1 hour), and the name arrives once, in the `user` form field
 * of the first sign-in's form_post callback.
 */
export const apple: ProviderDefinition = {
  id: 'apple',
  name: 'Apple',
  endpoints: () => ({
    authorizationEndpoint: 'https://appleid.apple.com/auth/authorize',
    tokenEndpoint: 'https://appleid.apple.com/auth/token',
    jwksEndpoint: 'https://appleid.apple.com/auth/keys',
    issuer: 'https://appleid.apple.com',
  }),
  scopes: ['email', 'name'],
  credentials: 'body',
  pkce: false,
  selectAccount: false,
  idToken: true,
  maxIdTokenAge: '1h',
  // Apple requires form_post whenever name or email is requested.
  authorizationParams: () => ({ response_mode: 'form_post' }),
  async fetchProfile(call) {
    if (!call.claims) return null;
    return { ...call.claims, ...(call.formUser ? { user: call.formUser } : {}) };
  },
  mapProfile(p, call) {
    const n = call.formUser?.name;
    const name = [n?.firstName, n?.lastName].filter((s) => typeof s === 'string' && s.trim()).join(' ');
    return {
      id: str(p.sub) ?? '',
      // Only the signed token's email counts; the form field is not signed.
      email: str(p.email),
      emailVerified: bool(p.email_verified),
      name,
      image: null,
    };
  },
};
