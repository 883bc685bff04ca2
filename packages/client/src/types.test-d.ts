/**
 * Type-level test, checked by `tsc -b packages/client` (never run): every call's
 * payload is the server's schema input, so a field the server does not know (or no
 * longer knows) is a compile error. Each `@ts-expect-error` fails the build if the
 * error it expects goes away.
 */
import type { GatehouseRoutes } from '@gatehouse/core';
import type { AuthClient } from './client.js';
import type { RouteInput, RouteMap } from './types.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
type Payload<P extends keyof RouteMap & keyof GatehouseRoutes> = GatehouseRoutes[P]['body'] extends undefined
  ? GatehouseRoutes[P]['query']
  : GatehouseRoutes[P]['body'];

// Bodies and queries are the server's, exactly (`| undefined` when every field is optional).
export type Derived = [
  Expect<Equal<RouteInput<'/sign-in/email'>, Payload<'/sign-in/email'>>>,
  Expect<Equal<RouteInput<'/sign-up/email'>, Payload<'/sign-up/email'>>>,
  Expect<Equal<RouteInput<'/organization/create'>, Payload<'/organization/create'>>>,
  Expect<Equal<RouteInput<'/admin/ban-user'>, Payload<'/admin/ban-user'>>>,
  Expect<Equal<RouteInput<'/delete-user'>, Payload<'/delete-user'> | undefined>>,
  Expect<Equal<RouteInput<'/verify-email'>, Payload<'/verify-email'>>>,
  Expect<Equal<RouteInput<'/organization/get-invitation'>, Payload<'/organization/get-invitation'>>>,
  Expect<Equal<RouteInput<'/sign-out'>, undefined>>,
  Expect<Equal<RouteInput<'/two-factor/send-otp'>, undefined>>,
];

declare const auth: AuthClient;

/** Never called: only type-checked. */
export async function misspelledFieldsDoNotCompile(): Promise<void> {
  await auth.signIn.email({ email: 'a@example.com', password: 'secret123' });
  // @ts-expect-error a required body field misspelled
  await auth.signIn.email({ email: 'a@example.com', pasword: 'secret123' });
  // @ts-expect-error an optional body field misspelled
  await auth.signIn.email({ email: 'a@example.com', password: 'secret123', rememberMee: true });
  // @ts-expect-error a factory-built plugin route (admin's banUser(o))
  await auth.admin.banUser({ userId: 'u1', banReasn: 'spam' });
  // @ts-expect-error a nested field of the organization plugin
  await auth.organization.update({ data: { nme: 'Acme' } });
  // @ts-expect-error a GET route's query
  await auth.verifyEmail({ tokn: 't' });
  // @ts-expect-error a GET route's optional query field
  await auth.admin.listUsers({ limt: 10 });
  // @ts-expect-error a value of the wrong type (the schema's enum)
  await auth.admin.listUsers({ sortDirection: 'up' });
  // @ts-expect-error a required payload left out
  await auth.twoFactor.enable();
  await auth.admin.banUser({ userId: 'u1', banReason: 'spam', banExpiresIn: 3600 });
  // Coerced query numbers take any query value; optional payloads may be left out.
  await auth.admin.listUsers({ limit: 10, offset: 0, searchField: 'email' });
  await auth.deleteUser();
  await auth.getSession({ disableCookieCache: true });
}
