import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { defineErrors, errorsOf } from '../errors.js';
import { definePlugin } from '../plugin.js';
import { useTestClients, type TestClient } from '../test/harness.js';

// What adding a capability touches (docs/architecture.md): this whole plugin is one
// folder's worth of code, defined inline. It brings its own options, a table, a route,
// an error catalogue, an audit event type, a database hook, a rate rule, a pipeline
// hook and a feature flag; the core is not edited. Built-in ones live in plugins/<id>/
// and are listed once in plugins/index.ts.

// Its audit event type, added to the core's closed set (plugins/<id>/audit-events.ts).
declare module '../security/audit.js' {
  interface AuditEventTypes {
    'note.create': true;
  }
}

/** Its options, declared by the plugin and passed to its factory. */
interface NotesOptions {
  maxLength?: number;
  /** Writes refused while set (the `before` hook). */
  readOnly?: boolean;
}

const NOTES_ERRORS = defineErrors({ NOTES_ARE_READ_ONLY: 'Notes are read-only' });
const notesError = errorsOf(NOTES_ERRORS);

function notesPlugin(options: NotesOptions = {}) {
  const maxLength = options.maxLength ?? 200;
  const create = defineEndpoint({
    method: 'POST',
    path: '/notes/create',
    requireSession: true,
    body: z.object({ text: z.string().min(1).max(maxLength) }),
    async handler(c) {
      // c.session is typed as present: the route requires one.
      const note = await c.auth.adapter.create('note', { userId: c.session.user.id, text: c.body.text });
      await c.auth.audit.record(c, 'note.create', { userId: c.session.user.id });
      return { note };
    },
  });
  return definePlugin({
    id: 'notes',
    features: { notes: true },
    schema: {
      note: {
        fields: {
          userId: { type: 'string', required: true, references: { model: 'user', field: 'id', onDelete: 'cascade' } },
          text: { type: 'string', required: true },
        },
      },
    },
    endpoints: [create],
    errors: NOTES_ERRORS,
    rateLimit: { '/notes/create': { window: 60, max: 2 } },
    // Every write of a note goes through it, whoever writes (a route, the CLI, another plugin).
    databaseHooks: { note: { create: { before: (data) => ({ data: { text: String(data.text).trim() } }) } } },
    async before(c) {
      if (options.readOnly && c.path.startsWith('/notes/')) throw notesError('FORBIDDEN', 'NOTES_ARE_READ_ONLY');
      return undefined;
    },
  });
}

let t: TestClient;
/** The plugin is not built in, so its path is not among the test client's known paths. */
const NOTES_CREATE: string = '/notes/create';
const clients = useTestClients();

describe('a plugin defined outside the core', () => {
  it('adds its table, route, hook, audit event and feature', async () => {
    t = await clients.open({ plugins: [notesPlugin()] });
    const { data } = await t.signUp();
    const userId = (data.user as { id: string }).id;
    const r = await t.json<{ note: { text: string; userId: string } }>(NOTES_CREATE, { body: { text: '  hello  ' } });
    expect(r.status).toBe(200);
    expect(r.data.note).toMatchObject({ text: 'hello', userId });
    const ctx = await t.auth.context();
    expect(await ctx.adapter.findMany('auditEvent', { where: [{ field: 'type', value: 'note.create' }] })).toMatchObject([{ userId }]);
    expect((await t.json<{ features: Record<string, boolean> }>('/providers')).data.features).toMatchObject({ notes: true, username: true });
    expect(typeof (t.auth.api as Record<string, unknown>).notesCreate).toBe('function');
  });

  it('gets the pipeline for free: session required, validation issues by field, its rate rule', async () => {
    t = await clients.open({ plugins: [notesPlugin({ maxLength: 5 })], rateLimit: { enabled: true } });
    expect((await t.json(NOTES_CREATE, { body: { text: 'x' }, jar: t.newJar() })).status).toBe(401);
    await t.signUp();
    const long = await t.json<{ code: string; issues: { field: string }[] }>(NOTES_CREATE, { body: { text: 'too long' } });
    expect(long.status).toBe(400);
    expect(long.data.code).toBe('VALIDATION_ERROR');
    expect(long.data.issues.map((i) => i.field)).toEqual(['text']);
    const third = await t.json(NOTES_CREATE, { body: { text: 'ok' } });
    expect(third.status).toBe(429);
  });

  it('its before hook refuses with its own catalogued error', async () => {
    t = await clients.open({ plugins: [notesPlugin({ readOnly: true })] });
    await t.signUp();
    const r = await t.json(NOTES_CREATE, { body: { text: 'hi' } });
    expect(r).toMatchObject({ status: 403, data: { code: 'NOTES_ARE_READ_ONLY', message: 'Notes are read-only' } });
    const ctx = await t.auth.context();
    expect(await ctx.adapter.count('note')).toBe(0);
  });
});
