import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { type AnyEndpoint, builtinPlugins, coreEndpoints, type GatehouseOptions, TWO_FACTOR_ERRORS, useTestClients } from '../../test-kit.js';

const clients = useTestClients();

type Operation = {
  operationId: string;
  tags: string[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
  security?: Record<string, string[]>[];
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object>; securitySchemes: Record<string, Record<string, string>> };
};

/** Every option that turns a capability on. */
const everything: GatehouseOptions = {
  passkey: { enabled: true },
  emailOTP: { enabled: true },
  magicLink: { enabled: true },
  multiSession: { enabled: true },
  metrics: { enabled: true, token: 'scrape-token-0123456789abcdef' },
  webhooks: { enabled: true },
  jwt: { enabled: true },
  apiKey: { enabled: true },
  socialProviders: { github: { clientId: 'id', clientSecret: 'secret' } },
};

/** The (method, path) pairs a document must hold for these options: every route served over HTTP, but the reference's assets. */
function servedOperations(options: GatehouseOptions, basePath = '/api/auth'): string[] {
  const endpoints: AnyEndpoint[] = [...coreEndpoints, ...builtinPlugins(options).flatMap((p) => p.endpoints ?? [])];
  return endpoints
    .filter((e) => !e.serverOnly && !e.openapi?.hidden)
    .flatMap((e) => (Array.isArray(e.method) ? e.method : [e.method]).map((m) => `${m.toLowerCase()} ${basePath}${e.path.replace(/:(\w+)/g, '{$1}')}`))
    .sort();
}

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`))
    .sort();

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, every schema in it compiles as JSON Schema 2020-12', async () => {
    const t = await clients.open(everything);
    const r = await t.json<Document>('/openapi.json');
    expect(r.status).toBe(200);
    expect(r.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.data.openapi).toBe('3.1.1');
    const result = await new Validator().validate(r.data);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);

    const ajv = new Ajv2020({ strict: false });
    // A schema may name a shared one (`#/components/schemas/…`, a recursive JSON value): compiled
    // with the document's components beside it, as a reader of the document resolves it.
    const withComponents = (schema: object) => ({ ...schema, components: { schemas: r.data.components.schemas } });
    let schemas = 0;
    for (const item of Object.values(r.data.paths)) {
      for (const op of Object.values(item)) {
        for (const p of op.parameters ?? []) {
          ajv.compile(withComponents(p.schema));
          schemas++;
        }
        for (const media of Object.values(op.requestBody?.content ?? {})) {
          ajv.compile(withComponents(media.schema));
          schemas++;
        }
      }
    }
    expect(schemas).toBeGreaterThan(50);
  });

  it('holds every route of the core and of every enabled plugin, and none of a plugin that is off', async () => {
    const t = await clients.open(everything);
    const doc = (await t.json<Document>('/openapi.json')).data;
    expect(operationsOf(doc)).toEqual(servedOperations(everything));
    expect(operationsOf(doc)).toEqual(
      expect.arrayContaining(['get /api/auth/metrics', 'post /api/auth/passkey/verify-authentication', 'get /api/auth/callback/{id}']),
    );
    // Server-only routes and the page's assets are not part of it.
    expect(doc.paths['/api/auth/set-password']).toBeUndefined();
    expect(doc.paths['/api/auth/reference/{file}']).toBeUndefined();

    const plain = await clients.open();
    const plainDoc = (await plain.json<Document>('/openapi.json')).data;
    expect(operationsOf(plainDoc)).toEqual(servedOperations({}));
    expect(Object.keys(plainDoc.paths).filter((p) => /passkey|email-otp|magic-link|multi-session|metrics/.test(p))).toEqual([]);
    // Turning a default-on plugin off takes its routes out.
    const noTwoFactor = await clients.open({ twoFactor: { enabled: false } });
    expect(Object.keys((await noTwoFactor.json<Document>('/openapi.json')).data.paths).filter((p) => p.includes('/two-factor/'))).toEqual([]);
  });

  it('describes bodies and queries from the zod schemas, path parameters, refusals, catalogues and credentials', async () => {
    const t = await clients.open(everything);
    const doc = (await t.json<Document>('/openapi.json')).data;

    const signUp = doc.paths['/api/auth/sign-up/email']!.post!;
    const body = signUp.requestBody!.content['application/json']!.schema as { type: string; properties: Record<string, unknown>; required: string[] };
    expect(body.type).toBe('object');
    expect(body.required).toEqual(expect.arrayContaining(['name', 'email', 'password']));
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['name', 'email', 'password', 'callbackURL', 'rememberMe']));
    expect(signUp.responses['400']!.description).toContain('VALIDATION_ERROR');
    expect(signUp.responses['403']!.description).toContain('INVALID_ORIGIN');
    expect(signUp.responses['429']!.description).toContain('TOO_MANY_REQUESTS');
    expect(signUp.responses.default!.description).toContain('`USER_ALREADY_EXISTS`');
    expect(signUp.tags).toEqual(['core']);
    expect(signUp.security).toBeUndefined();

    // A plugin's route lists its own catalogue; a signed-in route asks for the session cookie.
    const verifyTotp = doc.paths['/api/auth/two-factor/verify-totp']!.post!;
    expect(verifyTotp.tags).toEqual(['two-factor']);
    for (const code of Object.keys(TWO_FACTOR_ERRORS)) expect(verifyTotp.responses.default!.description).toContain(`\`${code}\``);
    const listSessions = doc.paths['/api/auth/list-sessions']!.get!;
    expect(listSessions.security).toEqual([{ sessionCookie: [] }]);
    expect(listSessions.responses['401']!.description).toContain('UNAUTHORIZED');
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' });

    // The metrics route: a bearer token, Prometheus text.
    const metrics = doc.paths['/api/auth/metrics']!.get!;
    expect(metrics.security).toEqual([{ bearerToken: [] }]);
    expect(Object.keys(metrics.responses['200']!.content!)).toEqual(['text/plain; version=0.0.4']);

    // Queries become parameters; path parameters are templated.
    const verifyEmail = doc.paths['/api/auth/verify-email']!.get!;
    expect(verifyEmail.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'token', in: 'query', required: true })]));
    const callback = doc.paths['/api/auth/callback/{id}']!.get!;
    expect(callback.parameters).toEqual(expect.arrayContaining([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]));

    // Operation ids are unique.
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('puts every path under the base path', async () => {
    const t = await clients.open({ basePath: '/auth' });
    const r = await t.json<Document>('http://localhost:3000/auth/openapi.json');
    expect(r.status).toBe(200);
    expect(Object.keys(r.data.paths).every((p) => p.startsWith('/auth/'))).toBe(true);
    expect(operationsOf(r.data)).toEqual(servedOperations({}, '/auth'));
  });
});

describe('GET /reference', () => {
  it('is a page that loads the renderer and the document from this server only', async () => {
    const t = await clients.open();
    const r = await t.request('/reference');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await r.text();
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('data-spec="/api/auth/openapi.json"');
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      expect(source.startsWith('/api/auth/')).toBe(true);
      const asset = await t.request(`http://localhost:3000${source}`);
      expect(asset.status, source).toBe(200);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    const bundle = await t.request('/reference/swagger-ui-bundle.js');
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await t.request('/reference/swagger-ui.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it("serves none of the package's other files", async () => {
    const t = await clients.open();
    for (const file of ['package.json', 'index.html', '..%2F..%2Fpackage.json', 'swagger-ui-bundle.js.map']) {
      expect((await t.request(`/reference/${file}`)).status, file).toBe(404);
    }
  });
});
