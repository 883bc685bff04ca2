/**
 * The rows the API answers, as types. A row's fields are decided at run time by the
 * schema (core fields plus those of the plugins that run), so `publicUser(row)` can
 * only say `Row`; the routes that answer users and sessions declare these instead
 * (`answer: answerOf<SessionAnswer>()`). A plugin that adds fields adds them here,
 * from its own folder, by augmenting the interfaces (see `plugins/admin/client.ts`):
 * the core names no plugin.
 */

/** A user as the API answers it (fields marked `returned: false` never travel). */
export interface PublicUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  image?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A session as the API answers it. */
export interface PublicSession {
  id: string;
  userId: string;
  token: string;
  expiresAt: Date;
  ipAddress?: string | null;
  userAgent?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** `GET /get-session` and the impersonation routes. */
export interface SessionAnswer {
  session: PublicSession;
  user: PublicUser;
}

/** `GET /list-sessions`: the caller's live sessions (`token` is the stored hash), `current` marking the one asking. */
export type SessionListItem = PublicSession & { current: boolean };

/**
 * What a plugin's `beforeSignIn` may answer instead of a session, keyed by plugin id
 * (each plugin augments this interface with its own answer).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by plugins (declaration merging)
export interface SignInInterceptions {}

/** A first-factor sign-in's answer: the session's user and token, or a plugin's interception. */
export type SignInAnswer<Session> = Session | SignInInterceptions[keyof SignInInterceptions];

/**
 * `GET /providers`'s `features`: which capabilities run. The core's own are here; each
 * plugin adds its flag from its `client.ts` (its `features` at run time).
 */
export interface PublicFeatures {
  deleteUser: boolean;
  changeEmail: boolean;
}
