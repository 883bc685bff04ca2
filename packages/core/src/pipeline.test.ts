import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AuthContext } from './context.js';
import type { AnyEndpoint, EndpointContext } from './endpoint.js';
import {
  CONTEXT_STAGES,
  REQUEST_STAGES,
  bodyStage,
  guardStage,
  personStage,
  originStage,
  rateLimitStage,
  redirectStage,
  sessionStage,
  validationStage,
  runEndpoint,
  type PipelineRequest,
} from './pipeline.js';
import { createTestClient, type TestClient } from './test/harness.js';

// Each stage on its own, as a function of one request: what it refuses, with which
// status and code, and what it lets through. The route suites cover them end to end.
let t: TestClient;
let auth: AuthContext;
beforeAll(async () => {
  t = await createTestClient({ rateLimit: { enabled: true, customRules: { '/limited': { window: 60, max: 1 } } }, session: { freshAge: 60 } });
  auth = await t.auth.context();
});
afterAll(async () => t?.auth.close());

const route = (over: Partial<AnyEndpoint> = {}): AnyEndpoint => ({ method: 'POST', path: '/x', handler: async () => null, ...over });

function pending(over: Partial<PipelineRequest> & { init?: RequestInit; url?: string } = {}): PipelineRequest {
  const { init, url, ...rest } = over;
  return {
    auth,
    endpoint: route(),
    request: new Request(url ?? 'http://localhost:3000/api/auth/x', { method: 'POST', ...init }),
    params: {},
    info: {},
    ip: '203.0.113.9',
    body: undefined,
    query: {},
    ...rest,
  };
}

const refusal = async (run: () => unknown) => {
  try {
    await run();
  } catch (e) {
    return e as { status: number; code: string; issues?: unknown };
  }
  return null;
};

describe('the pipeline stages', () => {
  it('run in the documented order', () => {
    expect(REQUEST_STAGES).toEqual([rateLimitStage, originStage, bodyStage, validationStage, redirectStage]);
    expect(CONTEXT_STAGES).toEqual([sessionStage, personStage, guardStage]);
  });

  it('rate limit: counts per path and client, 429 over the rule; server-side calls are not counted', async () => {
    const r = pending({ endpoint: route({ path: '/limited' }) });
    expect(await refusal(() => rateLimitStage(r))).toBeNull();
    expect(await refusal(() => rateLimitStage(r))).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    expect(await refusal(() => rateLimitStage({ ...r, info: { internal: true } }))).toBeNull();
  });

  it('origin: a cookie-carrying write from an untrusted origin is 403 INVALID_ORIGIN; a trusted one passes', async () => {
    const from = (origin: string) => pending({ init: { headers: { cookie: 'a=b', origin } } });
    expect(await refusal(() => originStage(from('https://evil.example')))).toMatchObject({ status: 403, code: 'INVALID_ORIGIN' });
    expect(await refusal(() => originStage(from('http://localhost:3000')))).toBeNull();
    expect(await refusal(() => originStage({ ...from('https://evil.example'), endpoint: route({ skipOriginCheck: true }) }))).toBeNull();
  });

  it('body: parses JSON and forms, 400 INVALID_JSON for broken JSON, 413 past the size limit', async () => {
    const json = pending({ init: { body: '{"a":1}', headers: { 'content-type': 'application/json' } } });
    await bodyStage(json);
    expect(json.body).toEqual({ a: 1 });
    const form = pending({ init: { body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } } });
    await bodyStage(form);
    expect(form.body).toEqual({ a: '1' });
    expect(await refusal(() => bodyStage(pending({ init: { body: '{', headers: { 'content-type': 'application/json' } } })))).toMatchObject({
      status: 400,
      code: 'INVALID_JSON',
    });
    const big = 'x'.repeat(auth.options.advanced.maxBodySize + 1);
    expect(await refusal(() => bodyStage(pending({ init: { body: big } })))).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it("body: bytes the host has read (info.body) are parsed as the request's own would be, which stays unread", async () => {
    const read = (bytes: Uint8Array, type = 'application/json') => {
      const r = pending({ init: { body: 'not this', headers: { 'content-type': type } }, info: { body: bytes } });
      return { r, run: () => bodyStage(r) };
    };
    const bom = read(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('{"name":"Zoë"}')]));
    await bom.run();
    expect(bom.r.body).toEqual({ name: 'Zoë' });
    expect(bom.r.request.bodyUsed).toBe(false);
    const form = read(Buffer.from('a=1&b=%C3%A9'), 'application/x-www-form-urlencoded');
    await form.run();
    expect(form.r.body).toEqual({ a: '1', b: 'é' });
    expect(await refusal(read(Buffer.from('{')).run)).toMatchObject({ status: 400, code: 'INVALID_JSON' });
    expect(await refusal(read(Buffer.alloc(auth.options.advanced.maxBodySize + 1, 0x20)).run)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    const blank = read(Buffer.from(' \n'));
    await blank.run();
    expect(blank.r.body).toEqual({});
  });

  it('validation: the schema output replaces the body; a refusal lists its issues by field', async () => {
    const endpoint = route({ body: z.object({ name: z.string(), age: z.number().min(13) }) as AnyEndpoint['body'] });
    const ok = pending({ endpoint, body: { name: 'A', age: 20, extra: true } });
    validationStage(ok);
    expect(ok.body).toEqual({ name: 'A', age: 20 });
    const bad = await refusal(() => validationStage(pending({ endpoint, body: { age: 3 } })));
    expect(bad).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: expect.stringContaining('name is required') });
    expect(bad?.issues).toEqual([
      { field: 'name', message: 'name is required' },
      { field: 'age', message: expect.stringContaining('13') },
    ]);
    expect(await refusal(() => validationStage(pending({ body: { a: 'x\u0000' } })))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('redirects: an untrusted callbackURL is 403 INVALID_CALLBACK_URL; a relative one passes', async () => {
    const endpoint = route({ redirectFields: ['callbackURL'] });
    expect(await refusal(() => redirectStage(pending({ endpoint, body: { callbackURL: 'https://evil.example/x' } })))).toMatchObject({
      status: 403,
      code: 'INVALID_CALLBACK_URL',
    });
    expect(await refusal(() => redirectStage(pending({ endpoint, body: { callbackURL: '/dashboard' } })))).toBeNull();
  });

  it('session and guards: 401 without a session, 403 SESSION_NOT_FRESH for an old one on a fresh route', async () => {
    const { data } = await t.signUp();
    const session = { session: { createdAt: new Date(0), updatedAt: new Date(0) }, user: data.user, token: 'x' };
    const context = (found: unknown) => ({ auth, session: null, getSession: async () => found }) as unknown as EndpointContext;
    expect(await refusal(() => sessionStage(context(null), route({ requireSession: true })))).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    const c = context(session);
    await sessionStage(c, route({ requireSession: 'fresh' }));
    expect(c.session).toBe(session);
    expect(await refusal(() => guardStage(c, route({ requireSession: 'fresh' })))).toMatchObject({ status: 403, code: 'SESSION_NOT_FRESH' });
    expect(await refusal(() => guardStage(c, route({ requireSession: true })))).toBeNull();
  });

  it('person: a session a machine credential made (an API key) is 403 API_KEY_NOT_ALLOWED on a requirePerson route, also one whose session is optional', async () => {
    const { data } = await t.signUp();
    const context = (found: unknown) => ({ auth, session: null, getSession: async () => found }) as unknown as EndpointContext;
    const person = { session: { createdAt: new Date(), updatedAt: new Date() }, user: data.user, token: 'x' };
    const machine = { ...person, machine: true };
    for (const requireSession of [true, undefined]) {
      expect(await refusal(() => personStage(context(machine), route({ requireSession, requirePerson: true })))).toMatchObject({
        status: 403,
        code: 'API_KEY_NOT_ALLOWED',
      });
      expect(await refusal(() => personStage(context(person), route({ requireSession, requirePerson: true })))).toBeNull();
      expect(await refusal(() => personStage(context(null), route({ requireSession, requirePerson: true })))).toBeNull();
    }
    expect(await refusal(() => personStage(context(machine), route({ requireSession: true })))).toBeNull();
  });
});

describe('the answer', () => {
  it("a redirect carries each cookie the route set once, plus the Response's own", async () => {
    const endpoint = route({
      method: 'GET',
      handler: async (c: EndpointContext) => {
        c.setCookie('a', '1');
        c.deleteCookie('b');
        return c.redirect('/next');
      },
    });
    const r = await runEndpoint(auth, endpoint, new Request('http://localhost:3000/api/auth/x'), {}, { ip: '203.0.113.9' });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/next');
    expect(r.headers.getSetCookie().map((c) => c.split(';')[0])).toEqual(['a=1', 'b=']);
    const own = route({
      method: 'GET',
      handler: async (c: EndpointContext) => {
        c.setCookie('a', '1');
        return new Response(null, { status: 204, headers: { 'set-cookie': 'z=9' } });
      },
    });
    const r2 = await runEndpoint(auth, own, new Request('http://localhost:3000/api/auth/x'), {}, { ip: '203.0.113.9' });
    expect(r2.headers.getSetCookie().map((c) => c.split(';')[0])).toEqual(['z=9', 'a=1']);
  });
});

describe('the route context', () => {
  it('says one thing per cookie: a later set or delete of a name replaces the earlier Set-Cookie', async () => {
    const cookies = await createTestClient({
      plugins: [
        {
          id: 'cookie-words',
          endpoints: [
            {
              method: 'POST',
              path: '/cookie-words',
              handler: async (c) => {
                c.deleteCookie('a');
                c.setCookie('b', '1');
                c.setCookie('a', '2');
                c.setCookie('b', '3');
                return null;
              },
            },
          ],
        },
      ],
    });
    try {
      const r = await cookies.request('/cookie-words', { method: 'POST' });
      expect(r.headers.getSetCookie().map((l) => l.split(';')[0])).toEqual(['a=2', 'b=3']);
    } finally {
      await cookies.auth.close();
    }
  });
});
