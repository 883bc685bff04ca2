/**
 * Type-level test of `auth.api`, checked by `npm run typecheck` (`tsc -p tsconfig.test.json`;
 * never run): each method's name, payload and answer come from its route, so a renamed
 * field, a missing body or an answer read as something it is not does not compile.
 */
import { z } from 'zod';
import type { ApiName } from './api-types.js';
import { createAuth } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { definePlugin } from './plugin.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

// Names as `apiName` gives them at run time.
export type Names = [
  Expect<Equal<ApiName<'/sign-in/email'>, 'signInEmail'>>,
  Expect<Equal<ApiName<'/two-factor/get-totp-uri'>, 'twoFactorGetTotpUri'>>,
  Expect<Equal<ApiName<'/callback/:id'>, 'callback'>>,
  Expect<Equal<ApiName<'/get-session'>, 'getSession'>>,
];

// A library user's plugin: its routes declared on their own (as the built-in plugins' lists are), so
// that `definePlugin`'s looser `endpoints` type does not widen them.
const createNote = defineEndpoint({
  method: 'POST',
  path: '/notes/create',
  requireSession: true,
  body: z.object({ text: z.string() }),
  handler: async (c) => ({ id: 'n1', text: c.body.text, at: new Date() }),
});
const notes = definePlugin({ id: 'notes', endpoints: [createNote] });

const auth = createAuth({ plugins: [notes] });

/** Never called: only type-checked. */
export async function callsAreTypedFromTheRoutes(): Promise<void> {
  const signedIn = await auth.api.signInEmail({ body: { email: 'a@example.com', password: 'secret123' } });
  // A sign-in may answer that a second factor is due instead.
  const token: string | null = 'token' in signedIn ? signedIn.token : null;
  // @ts-expect-error a misspelled body field
  await auth.api.signInEmail({ body: { email: 'a@example.com', pasword: 'secret123' } });
  // @ts-expect-error the body is required
  await auth.api.signInEmail();
  // @ts-expect-error no such route
  await auth.api.signInEmai({ body: { email: 'a@example.com', password: 'secret123' } });

  // Server-side answers keep their dates.
  const session = await auth.api.getSession({ headers: { cookie: 'x' } });
  const created: Date | undefined = session?.user.createdAt;
  // @ts-expect-error a date is not a string here (it is over HTTP)
  const asText: string | undefined = session?.user.createdAt;

  // A declared name (`name: 'resetPasswordCallback'`) and a route without a body.
  await auth.api.resetPasswordCallback({ params: { token: 't' } });
  await auth.api.signOut({ headers: { cookie: 'x' } });

  // The Response, and the data with the headers the route set.
  const response: Response = await auth.api.signOut({ headers: { cookie: 'x' }, asResponse: true });
  const { headers, response: data } = await auth.api.signInEmail({ body: { email: 'a@example.com', password: 'secret123' }, returnHeaders: true });
  const cookies: string[] = headers.getSetCookie();
  const user: string | undefined = 'user' in data ? data.user.id : undefined;

  // The options' own plugin, typed from its route.
  const note = await auth.api.notesCreate({ body: { text: 'hello' } });
  const at: Date = note.at;
  // @ts-expect-error its body's field is text
  await auth.api.notesCreate({ body: { txt: 'hello' } });
  void [token, created, asText, response, cookies, user, at];
}
