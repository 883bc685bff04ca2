import { z } from 'zod';
import { answerOf, defineEndpoint, type EndpointContext, isAdministrator, type SessionWithUser } from '../../../kit.js';
import { oidcError } from '../errors.js';
import { createResourceServer, deleteResourceServer, listResourceServers, type ResourceServer, updateResourceServer } from '../resource-servers.js';

const fields = {
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.string().max(100)).max(100),
  accessTokenTTL: z
    .number()
    .int()
    .min(60)
    .max(24 * 3600),
  accessTokenFormat: z.enum(['jwt', 'opaque']),
  clientId: z.string().max(200).nullable(),
};

function requireAdmin(c: EndpointContext & { session: SessionWithUser }) {
  if (!isAdministrator(c.auth, c.session.user)) throw oidcError('FORBIDDEN', 'ONLY_ADMINS_CAN_MANAGE_APPLICATIONS');
}

/** The admin API over APIs registered as resource servers (RFC 8707; admins only). */
export function resourceServerRoutes() {
  const create = defineEndpoint({
    method: 'POST',
    path: '/oauth2/create-resource-server',
    requireSession: true,
    body: z
      .object({ identifier: z.string().trim().min(1).max(2000), ...fields })
      .partial({ scopes: true, accessTokenTTL: true, accessTokenFormat: true, clientId: true }),
    answer: answerOf<ResourceServer>(),
    async handler(c) {
      requireAdmin(c);
      const server = await createResourceServer(c.auth, c.body);
      await c.auth.audit.record(c, 'oauth.resource-server-created', { actorId: c.session.user.id, details: { identifier: server.identifier } });
      return server;
    },
  });
  const list = defineEndpoint({
    method: 'GET',
    path: '/oauth2/list-resource-servers',
    requireSession: true,
    answer: answerOf<ResourceServer[]>(),
    async handler(c) {
      requireAdmin(c);
      return listResourceServers(c.auth);
    },
  });
  const update = defineEndpoint({
    method: 'POST',
    path: '/oauth2/update-resource-server',
    requireSession: true,
    body: z.object({ id: z.string().min(1), ...fields }).partial({ name: true, scopes: true, accessTokenTTL: true, accessTokenFormat: true, clientId: true }),
    answer: answerOf<ResourceServer>(),
    async handler(c) {
      requireAdmin(c);
      const { id, ...patch } = c.body;
      const server = await updateResourceServer(c.auth, id, patch);
      await c.auth.audit.record(c, 'oauth.resource-server-updated', { actorId: c.session.user.id, details: { identifier: server.identifier } });
      return server;
    },
  });
  const remove = defineEndpoint({
    method: 'POST',
    path: '/oauth2/delete-resource-server',
    requireSession: true,
    body: z.object({ id: z.string().min(1) }),
    async handler(c) {
      requireAdmin(c);
      await deleteResourceServer(c.auth, c.body.id);
      await c.auth.audit.record(c, 'oauth.resource-server-deleted', { actorId: c.session.user.id, details: { id: c.body.id } });
      return { status: true };
    },
  });
  return [create, list, update, remove] as const;
}
