import { describe, expect, it } from 'vitest';
import { gatehouseClients } from './client.js';
import { builtinPlugins, EVERYTHING_ON } from './plugins/index.js';
import { coreEndpoints } from './routes/index.js';

/** Every route of a server with every capability and each of its parts on (their manifests' `everythingOn`). */
const endpoints = [...coreEndpoints, ...builtinPlugins(EVERYTHING_ON).flatMap((p) => p.endpoints ?? [])];
/**
 * Routes that are pages, links or documents, not calls: the error page, the mailed delete confirmation,
 * the OpenAPI document and its reference page, and the metrics a scraper reads.
 */
const NOT_CALLS = new Set(['/error', '/delete-user/callback', '/openapi.json', '/reference', '/metrics']);

const declared = new Map<string, { method: string; changesSession: boolean }>();
for (const plugin of gatehouseClients) {
  for (const [path, method] of Object.entries(plugin.methods)) {
    declared.set(path, { method: String(method), changesSession: Object.hasOwn(plugin.changesSession, path) });
  }
}

describe('the client sides of the capabilities (plugins/<id>/client.ts)', () => {
  it('declare every route a client calls, with its method and session effect', () => {
    const callable = endpoints.filter((e) => !e.serverOnly && !e.path.includes(':') && !NOT_CALLS.has(e.path));
    const fromServer = callable.map((e) => [e.path, { method: e.method, changesSession: e.changesSession === true }]);
    expect(Object.fromEntries(fromServer)).toEqual(Object.fromEntries(declared));
  });

  it('name no route that only the server may call', () => {
    const serverOnly = endpoints.filter((e) => e.serverOnly).map((e) => e.path);
    expect(serverOnly).toContain('/set-password');
    for (const path of serverOnly) expect(declared.has(path)).toBe(false);
  });
});
