import { z } from 'zod';
import { answerOf, defineEndpoint, type EndpointContext, isAdministrator, type SessionWithUser } from '../../../kit.js';
import { createApplication, deleteApplication, listApplications, type OAuthApplication, rotateSecret, updateApplication } from '../applications.js';
import { oidcError } from '../errors.js';
import { deleteRegisteredClient, listRegisteredClients, type RegisteredClient } from '../registered-clients.js';

const uris = z.array(z.string().min(1).max(2000)).max(20);
const name = z.string().trim().min(1).max(100);
const settings = z
  .object({ deviceFlow: z.boolean(), requirePAR: z.boolean(), requireDPoP: z.boolean(), resources: z.array(z.string().min(1).max(2000)).max(50) })
  .partial();

function requireAdmin(c: EndpointContext & { session: SessionWithUser }) {
  if (!isAdministrator(c.auth, c.session.user)) throw oidcError('FORBIDDEN', 'ONLY_ADMINS_CAN_MANAGE_APPLICATIONS');
}

/** The admin API over registered applications (admins only: the admin plugin's roles). */
export function applicationRoutes() {
  const createApp = defineEndpoint({
    method: 'POST',
    path: '/oauth2/create-application',
    requireSession: true,
    body: z.object({
      name,
      redirectURIs: uris,
      postLogoutRedirectURIs: uris.optional(),
      public: z.boolean().optional(),
      firstParty: z.boolean().optional(),
      backchannelLogoutURI: z.string().max(2000).optional(),
      settings: settings.optional(),
    }),
    answer: answerOf<OAuthApplication & { clientSecret?: string }>(),
    async handler(c) {
      requireAdmin(c);
      const app = await createApplication(c.auth, c.body);
      await c.auth.audit.record(c, 'oauth.application-created', { actorId: c.session.user.id, details: { clientId: app.clientId, name: app.name } });
      return app;
    },
  });
  const listApps = defineEndpoint({
    method: 'GET',
    path: '/oauth2/list-applications',
    requireSession: true,
    answer: answerOf<OAuthApplication[]>(),
    async handler(c) {
      requireAdmin(c);
      return listApplications(c.auth);
    },
  });
  const updateApp = defineEndpoint({
    method: 'POST',
    path: '/oauth2/update-application',
    requireSession: true,
    body: z.object({
      clientId: z.string().min(1),
      name: name.optional(),
      redirectURIs: uris.optional(),
      postLogoutRedirectURIs: uris.optional(),
      settings: settings.optional(),
    }),
    answer: answerOf<OAuthApplication>(),
    async handler(c) {
      requireAdmin(c);
      const { clientId, ...patch } = c.body;
      return updateApplication(c.auth, clientId, patch);
    },
  });
  const rotate = defineEndpoint({
    method: 'POST',
    path: '/oauth2/rotate-secret',
    requireSession: true,
    body: z.object({ clientId: z.string().min(1) }),
    async handler(c) {
      requireAdmin(c);
      return rotateSecret(c.auth, c.body.clientId);
    },
  });
  const deleteApp = defineEndpoint({
    method: 'POST',
    path: '/oauth2/delete-application',
    requireSession: true,
    body: z.object({ clientId: z.string().min(1) }),
    async handler(c) {
      requireAdmin(c);
      await deleteApplication(c.auth, c.body.clientId);
      await c.auth.audit.record(c, 'oauth.application-deleted', { actorId: c.session.user.id, details: { clientId: c.body.clientId } });
      return { status: true };
    },
  });
  // Clients that registered themselves (RFC 7591) with an admin's initial access token.
  const listRegistered = defineEndpoint({
    method: 'GET',
    path: '/oauth2/list-registered-clients',
    requireSession: true,
    answer: answerOf<RegisteredClient[]>(),
    async handler(c) {
      requireAdmin(c);
      return listRegisteredClients(c.auth);
    },
  });
  const deleteRegistered = defineEndpoint({
    method: 'POST',
    path: '/oauth2/delete-registered-client',
    requireSession: true,
    body: z.object({ clientId: z.string().min(1).max(200) }),
    async handler(c) {
      requireAdmin(c);
      const removed = await deleteRegisteredClient(c.auth, c.body.clientId);
      await c.auth.audit.record(c, 'oauth.application-deleted', {
        actorId: c.session.user.id,
        details: { clientId: removed.clientId, name: removed.name, registered: true },
      });
      return { status: true };
    },
  });
  return [createApp, listApps, updateApp, rotate, deleteApp, listRegistered, deleteRegistered] as const;
}
