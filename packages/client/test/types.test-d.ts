/**
 * Type-level test, checked by `npm run typecheck` (`tsc -p tsconfig.test.json`; never
 * run): every call's payload and answer come from the server's routes, so a field the
 * server does not know (or no longer knows), or an answer read as something it is not,
 * is a compile error. Each `@ts-expect-error` fails the build if the error it expects
 * goes away; each plain line fails it if the server renames what it uses.
 */
import type { GatehouseRoutes } from '@gatehouse/core';
import type { gatehouseClients } from '@gatehouse/core/client';
import type { AnswerOf, AuthClient, ClientRoutes, InputOf } from '../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
type Routes = ClientRoutes<typeof gatehouseClients>;
type Server<P extends keyof GatehouseRoutes> = GatehouseRoutes[P]['body'] extends undefined
  ? GatehouseRoutes[P]['query']
  : GatehouseRoutes[P]['body'];

// Bodies and queries are the server's, exactly (`| undefined` when every field is optional).
export type Inputs = [
  Expect<Equal<InputOf<Routes, '/sign-in/email'>, Server<'/sign-in/email'>>>,
  Expect<Equal<InputOf<Routes, '/sign-up/email'>, Server<'/sign-up/email'>>>,
  Expect<Equal<InputOf<Routes, '/organization/create'>, Server<'/organization/create'>>>,
  Expect<Equal<InputOf<Routes, '/admin/ban-user'>, Server<'/admin/ban-user'>>>,
  Expect<Equal<InputOf<Routes, '/delete-user'>, Server<'/delete-user'> | undefined>>,
  Expect<Equal<InputOf<Routes, '/verify-email'>, Server<'/verify-email'>>>,
  Expect<Equal<InputOf<Routes, '/organization/get-invitation'>, Server<'/organization/get-invitation'>>>,
  Expect<Equal<InputOf<Routes, '/sign-out'>, undefined>>,
  Expect<Equal<InputOf<Routes, '/two-factor/send-otp'>, undefined>>,
];

// Answers are the server's, as JSON (dates as strings).
export type Answers = [
  Expect<Equal<AnswerOf<Routes, '/two-factor/get-totp-uri'>, { totpURI: string }>>,
  Expect<Equal<AnswerOf<Routes, '/is-username-available'>, { available: boolean }>>,
  Expect<Equal<AnswerOf<Routes, '/organization/check-slug'>, GatehouseRoutes['/organization/check-slug']['answer']>>,
  Expect<Equal<AnswerOf<Routes, '/get-session'>, GatehouseRoutes['/get-session']['answer']>>,
  Expect<Equal<NonNullable<AnswerOf<Routes, '/get-session'>>['user']['createdAt'], string>>,
];

declare const auth: AuthClient<typeof gatehouseClients>;

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
  // @ts-expect-error a call no capability declares
  await auth.organization.renameEverything();
  await auth.admin.banUser({ userId: 'u1', banReason: 'spam', banExpiresIn: 3600 });
  // Coerced query numbers take any query value; optional payloads may be left out.
  await auth.admin.listUsers({ limit: 10, offset: 0, searchField: 'email' });
  await auth.deleteUser();
  await auth.getSession({ disableCookieCache: true });
}

/** Never called: only type-checked. Answers are read as the server's handlers give them. */
export async function answersAreTheServers(): Promise<void> {
  const created = await auth.organization.create({ name: 'Acme', slug: 'acme' });
  if (created.data) {
    const slug: string = created.data.slug;
    const role: string | undefined = created.data.members[0]?.role;
    // @ts-expect-error a field the handler does not answer
    void created.data.owner;
    // @ts-expect-error dates travel as strings
    const when: Date = created.data.createdAt;
    void [slug, role, when];
  }
  const full = await auth.organization.getFullOrganization();
  const email: string | undefined = full.data?.members[0]?.user.email;
  // @ts-expect-error the invitations' field is `email`, not `address`
  void full.data?.invitations[0]?.address;
  const totp = await auth.twoFactor.getTotpUri({ password: 'secret123' });
  const uri: string | undefined = totp.data?.totpURI;
  // @ts-expect-error `totpURI`, not `totpUri`
  void totp.data?.totpUri;
  const session = await auth.getSession();
  const plugins = [session.data?.user.role, session.data?.user.twoFactorEnabled, session.data?.session.activeOrganizationId];
  const signIn = await auth.signIn.email({ email: 'a@example.com', password: 'secret123' });
  if (signIn.data && 'twoFactorRedirect' in signIn.data) {
    const redirect: true = signIn.data.twoFactorRedirect;
    void redirect;
  } else if (signIn.data) {
    const token: string = signIn.data.token;
    void token;
  }
  void [email, uri, plugins];
}
