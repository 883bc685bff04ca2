import type { AuthContext } from '../../kit.js';
import type { ScimAnswer, ScimCall } from './call.js';
import { connectionOfToken } from './connection.js';
import { discovery } from './discovery.js';
import { SCIM_ERROR_SCHEMA, ScimError } from './errors.js';
import type { GroupMapping } from './config.js';
import { NO_MAPPING } from './mapping.js';
import type { ScimConnectionRow } from './schema.js';
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from './groups.js';
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser } from './users.js';

/** Where the SCIM service lives below the base path. */
export const SCIM_ROOT = '/scim/v2';
const CONTENT_TYPE = 'application/scim+json';
/** A directory's request is a User, a Group or a PatchOp: a megabyte is plenty (a large group's members). */
const MAX_BODY = 1_048_576;

const unauthorized = () => new ScimError(401, 'A valid bearer token is required', undefined, { 'WWW-Authenticate': 'Bearer realm="SCIM"' });

function respond(answer: ScimAnswer): Response {
  const headers = new Headers({ 'cache-control': 'no-store', ...answer.headers });
  if (answer.status === 204) return new Response(null, { status: 204, headers });
  headers.set('content-type', CONTENT_TYPE);
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
}

export function scimErrorResponse(e: ScimError): Response {
  return respond({
    status: e.status,
    body: { schemas: [SCIM_ERROR_SCHEMA], status: String(e.status), ...(e.scimType ? { scimType: e.scimType } : {}), detail: e.detail },
    headers: e.headers,
  });
}

/** The bearer token of `Authorization: Bearer <token>`, or null (no header, another scheme). */
function bearerOf(header: string | null): string | null {
  const match = header ? /^Bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The body as text, read no further than the limit (a body without Content-Length is not buffered whole). */
async function readCapped(request: Request): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY) {
      await reader.cancel().catch(() => {});
      throw new ScimError(413, 'The request body is too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The JSON body of a write: 415 for another media type, 413 past the limit, 400 invalidSyntax when malformed. */
async function bodyOf(request: Request): Promise<unknown> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== CONTENT_TYPE && type !== 'application/json') throw new ScimError(415, 'The body must be application/scim+json or application/json');
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_BODY) throw new ScimError(413, 'The request body is too large');
  const text = await readCapped(request);
  try {
    return JSON.parse(text);
  } catch {
    throw new ScimError(400, 'The body is not valid JSON', 'invalidSyntax');
  }
}

type Handler = (call: ScimCall, id: string) => Promise<ScimAnswer>;
const ROUTES: Record<string, { collection: Record<string, Handler>; item: Record<string, Handler> }> = {
  Users: {
    collection: { GET: listUsers, POST: createUser },
    item: { GET: getUser, PUT: replaceUser, PATCH: patchUser, DELETE: deleteUser },
  },
  Groups: {
    collection: { GET: listGroups, POST: createGroup },
    item: { GET: getGroup, PUT: replaceGroup, PATCH: patchGroup, DELETE: deleteGroup },
  },
};

/** POST /{Users|Groups}/.search: a query in the body (RFC 7644 3.4.3), answered as the GET would. */
function searchQuery(body: unknown): URLSearchParams {
  const q = new URLSearchParams();
  if (typeof body !== 'object' || body === null) return q;
  const b = body as Record<string, unknown>;
  for (const key of ['filter', 'startIndex', 'count']) if (b[key] !== undefined) q.set(key, String(b[key]));
  for (const key of ['attributes', 'excludedAttributes']) if (Array.isArray(b[key])) q.set(key, (b[key] as unknown[]).join(','));
  return q;
}

/** Keeps the connection's last request and its status (what the Directory sync page shows); a failure to write is only logged. */
async function noteRequest(auth: AuthContext, connection: ScimConnectionRow, method: string, path: string, status: number): Promise<void> {
  try {
    await auth.adapter.update('scimConnection', [{ field: 'id', value: connection.id }], {
      lastRequestAt: new Date(auth.now()),
      lastRequest: `${method} ${path || '/'}`.slice(0, 500),
      lastStatus: status,
    });
  } catch (e) {
    auth.logger.warn({ err: String(e) }, 'could not note a SCIM request');
  }
}

/**
 * The SCIM 2.0 service (RFC 7644) under `{basePath}/scim/v2`, mounted beside the routes: a
 * directory authenticates with its bearer token alone (no cookie, no Origin, no CSRF token, as
 * any server-to-server API), the token is checked before anything of the body, and every
 * answer is `application/scim+json`.
 */
export async function handleScim(auth: AuthContext, request: Request, ip: string | null, groups: GroupMapping = NO_MAPPING): Promise<Response> {
  try {
    const url = new URL(request.url);
    const rest = url.pathname.slice(auth.basePath.length + SCIM_ROOT.length);
    if (rest !== '' && !rest.startsWith('/')) throw new ScimError(404, 'Not found');
    let segments: string[];
    try {
      segments = rest.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      throw new ScimError(404, 'Not found');
    }
    const method = request.method.toUpperCase();
    if (method === 'GET') {
      const doc = discovery(auth, segments);
      if (doc) return respond(doc);
    }
    const route = ROUTES[segments[0] ?? ''];
    if (!route || segments.length > 2) throw new ScimError(404, 'Not found');
    const token = bearerOf(request.headers.get('authorization'));
    const connection = token ? await connectionOfToken(auth, token) : null;
    if (!connection) throw unauthorized();
    const search = segments[1] === '.search';
    const handler = search ? (method === 'POST' ? route.collection.GET : undefined) : segments.length === 1 ? route.collection[method] : route.item[method];
    if (!handler) throw new ScimError(405, `${method} is not supported here`);
    const body = method === 'POST' || method === 'PUT' || method === 'PATCH' ? await bodyOf(request) : undefined;
    const call: ScimCall = {
      auth,
      connection,
      scope: { ip, headers: request.headers, session: null },
      query: search ? searchQuery(body) : url.searchParams,
      body,
      groups,
    };
    let answer: ScimAnswer;
    try {
      answer = await handler(call, segments[1] ?? '');
    } catch (e) {
      if (e instanceof ScimError) await noteRequest(auth, connection, method, rest, e.status);
      throw e;
    }
    await noteRequest(auth, connection, method, rest, answer.status);
    return respond(answer);
  } catch (e) {
    if (e instanceof ScimError) return scimErrorResponse(e);
    auth.logger.error({ err: String(e), stack: e instanceof Error ? e.stack : undefined }, 'SCIM request failed');
    return scimErrorResponse(new ScimError(500, 'Internal Server Error'));
  }
}
