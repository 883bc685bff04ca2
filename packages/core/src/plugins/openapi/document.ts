import { z } from 'zod';
import { type AnyEndpoint, apiName, type Assembly, type AuthContext, BASE_ERRORS } from '../../kit.js';

type Json = Record<string, unknown>;

/** The version of the API this document describes (Gatehouse's). */
export const API_VERSION = '0.1.0';

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a caller may send (`io: 'input'`). */
/**
 * Definitions a schema names (`$defs`: a recursive one, such as a JSON value), moved to
 * `components.schemas` while a document is built (`buildDocument` is synchronous): inside an
 * OpenAPI document `#/$defs/…` would point at the document's root, not the schema's.
 */
let hoisted: Record<string, Json> | null = null;

function jsonSchemaOf(schema: z.ZodType): Json {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  delete out.$schema;
  const defs = out.$defs as Record<string, Json> | undefined;
  if (!defs || !hoisted) return out;
  delete out.$defs;
  const target = hoisted;
  const names = new Map<string, string>();
  for (const key of Object.keys(defs)) names.set(key, `Schema${Object.keys(target).length + names.size + 1}`);
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    const copy: Json = {};
    for (const [k, v] of Object.entries(value)) {
      const ref = k === '$ref' && typeof v === 'string' ? /^#\/\$defs\/(.+)$/.exec(v) : null;
      copy[k] = ref && names.has(ref[1]!) ? `#/components/schemas/${names.get(ref[1]!)}` : rewrite(v);
    }
    return copy;
  };
  for (const [key, def] of Object.entries(defs)) target[names.get(key)!] = rewrite(def) as Json;
  return rewrite(out) as Json;
}

/** `/callback/:id` → `/callback/{id}`, and the names of its parameters. */
function templated(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const out = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: out, params };
}

/** The query schema as parameters: one per property of an object, else one object parameter. */
function queryParameters(schema: z.ZodType): Json[] {
  const json = jsonSchemaOf(schema);
  const properties = json.type === 'object' ? (json.properties as Record<string, Json> | undefined) : undefined;
  if (!properties) return [{ name: 'query', in: 'query', required: false, style: 'form', explode: true, schema: json }];
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
}

const errorBody = (codes: readonly string[]): Json => ({
  content: {
    'application/json': {
      schema: { allOf: [{ $ref: '#/components/schemas/Error' }, ...(codes.length ? [{ properties: { code: { enum: [...codes] } } }] : [])] },
    },
  },
});

const refusal = (code: keyof typeof BASE_ERRORS, also: string[] = []): Json => ({
  description: [code, ...also].map((c) => `\`${c}\`: ${BASE_ERRORS[c as keyof typeof BASE_ERRORS] ?? c}`).join('; '),
  ...errorBody([code, ...also]),
});

/** One operation: its parameters, body, the pipeline's refusals it may meet, its catalogue's codes and its credential. */
function operation(e: AnyEndpoint, method: string, operationId: string, tag: string, catalogue: Record<string, string>): Json {
  const { params } = templated(e.path);
  const parameters: Json[] = params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (e.query) parameters.push(...queryParameters(e.query));
  const note = e.openapi ?? {};
  const responses: Json = {
    '200': note.produces
      ? { description: 'The answer', content: { [note.produces]: { schema: { type: 'string' } } } }
      : { description: 'The answer (JSON), or a redirect where the route sends a browser on', content: { 'application/json': { schema: {} } } },
  };
  if (e.body || e.query) responses['400'] = refusal('VALIDATION_ERROR', e.body ? ['INVALID_JSON'] : []);
  if (e.requireSession || note.security === 'bearer') responses['401'] = refusal('UNAUTHORIZED');
  const forbidden = [
    ...(e.requirePerson ? ['API_KEY_NOT_ALLOWED'] : []),
    ...(e.requireSession === 'fresh' ? ['SESSION_NOT_FRESH'] : []),
    ...(method === 'post' && !e.skipOriginCheck ? ['INVALID_ORIGIN'] : []),
    ...(e.redirectFields?.length ? ['INVALID_CALLBACK_URL'] : []),
  ];
  if (forbidden.length) responses['403'] = refusal(forbidden[0] as keyof typeof BASE_ERRORS, forbidden.slice(1));
  if (e.body) responses['413'] = refusal('PAYLOAD_TOO_LARGE');
  responses['429'] = refusal('TOO_MANY_REQUESTS');
  const codes = Object.keys(catalogue);
  if (codes.length) {
    responses.default = {
      description: `Any other refusal: \`{ message, code }\` with one of the codes of its catalogue. ${codes.map((c) => `\`${c}\`: ${catalogue[c]}`).join('; ')}`,
      ...errorBody(codes),
    };
  }
  const op: Json = { operationId, tags: [tag], responses };
  if (note.summary) op.summary = note.summary;
  if (note.description) op.description = note.description;
  if (parameters.length) op.parameters = parameters;
  if (e.body) {
    const schema = jsonSchemaOf(e.body);
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } },
    };
  }
  if (note.security === 'bearer') op.security = [{ bearerToken: [] }];
  else if (e.requireSession) op.security = [{ sessionCookie: [] }];
  return op;
}

/**
 * The OpenAPI 3.1 document of every route this instance serves (the core's and each enabled
 * plugin's; server-only routes and hidden ones left out), generated from the routes'
 * declarations: method, path under the base path, body and query from their zod schemas,
 * the pipeline's refusals each may meet, and the codes of the catalogue it answers from
 * (its plugin's, or the base catalogue for the core's routes).
 */
export function buildDocument(auth: AuthContext, assembly: Assembly): Json {
  const owner = new Map<AnyEndpoint, { tag: string; errors: Record<string, string> }>();
  for (const p of assembly.plugins) for (const e of p.endpoints ?? []) owner.set(e, { tag: p.id, errors: p.errors ?? {} });
  const paths: Record<string, Json> = {};
  const ids = new Set<string>();
  const defs: Record<string, Json> = {};
  hoisted = defs;
  try {
    for (const e of assembly.endpoints) {
      if (e.serverOnly || e.openapi?.hidden) continue;
      const { tag, errors } = owner.get(e) ?? { tag: 'core', errors: BASE_ERRORS };
      const path = `${auth.basePath}${templated(e.path).path}`;
      paths[path] ??= {};
      const item = paths[path];
      for (const m of Array.isArray(e.method) ? e.method : [e.method]) {
        const method = m.toLowerCase();
        let id = e.name ?? apiName(e.path);
        if (ids.has(id)) id = `${method}${id[0]!.toUpperCase()}${id.slice(1)}`;
        ids.add(id);
        item[method] = operation(e, method, id, tag, errors);
      }
    }
  } finally {
    hoisted = null;
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Gatehouse',
      version: API_VERSION,
      description: 'Authentication and account management, with a better-auth compatible wire format. Refusals answer `{ message, code }` with their status.',
    },
    servers: [{ url: auth.baseURL }],
    tags: [...new Set(['core', ...assembly.plugins.filter((p) => p.endpoints?.length).map((p) => p.id)])].map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        ...defs,
        Error: {
          type: 'object',
          required: ['message', 'code'],
          properties: {
            message: { type: 'string' },
            code: { type: 'string' },
            issues: {
              type: 'array',
              description: 'For VALIDATION_ERROR: each refused field',
              items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
            },
          },
        },
      },
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: auth.cookies.sessionToken, description: 'The session cookie set by a sign-in' },
        bearerToken: { type: 'http', scheme: 'bearer', description: 'The metrics token (`metrics.token`)' },
      },
    },
  };
}
