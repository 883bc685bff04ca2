import { type AnswerOf, type ClientRoutes, createAuthClient, type InputOf } from '@gatehouse/client';
import { gatehouseClients } from '@gatehouse/core/client';
import { createAuthHooks } from '@gatehouse/react';
import { currentLanguage } from './i18n';

/**
 * The API lives on the app's own origin, under /api/auth; the app uses every capability. Every request
 * says the app's language, so the server's messages (and the mails of an account made here) match it.
 */
export const auth = createAuthClient({
  basePath: '/api/auth',
  plugins: gatehouseClients,
  fetchOptions: { headers: () => ({ 'accept-language': currentLanguage() }) },
});

export const { useSession, useActiveOrganization, useActiveMember, useListOrganizations } = createAuthHooks(auth);

// The shapes the pages show, all derived from the server's routes (dates travel as strings).
type Routes = ClientRoutes<typeof gatehouseClients>;
type Answer<P extends keyof Routes> = AnswerOf<Routes, P>;

export type SessionData = NonNullable<Answer<'/get-session'>>;
export type User = SessionData['user'];
export type Session = SessionData['session'];
export type LinkedAccount = Answer<'/list-accounts'>[number];
export type ProvidersInfo = Answer<'/providers'>;
export type ListUsersQuery = NonNullable<InputOf<Routes, '/admin/list-users'>>;
export type FullOrganization = NonNullable<Answer<'/organization/get-full-organization'>>;
export type MemberWithUser = FullOrganization['members'][number];
export type Invitation = Answer<'/organization/list-invitations'>[number];
export type UserInvitation = Answer<'/organization/list-user-invitations'>[number];
