import { describe, expect, it } from 'vitest';
import { isMissingPackage, loadPeer, MissingPeerError } from './peers.js';

describe('optional peers (peers.ts)', () => {
  it('names a missing package with what needs it and the command that installs it', async () => {
    // A real failed import of an absent package, as Node reports it, under a peer's name.
    const absent = () => import(/* @vite-ignore */ ['no-such-package', 'gatehouse-test'].join('-'));
    const error = await absent().catch((e: unknown) => e);
    expect(isMissingPackage(error, 'no-such-package-gatehouse-test')).toBe(true);
    const refused = await loadPeer('pg', () =>
      absent().catch((e: { message: string }) => Promise.reject(Object.assign(e, { message: e.message.replaceAll('no-such-package-gatehouse-test', 'pg') }))),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MissingPeerError);
    expect((refused as Error).message).toBe('A PostgreSQL database (postgres:// URL) needs the package "pg", which is not installed: npm install pg');
  });

  it('passes on any other failure, and a missing package other than the peer itself', async () => {
    const broken = new Error('boom');
    await expect(loadPeer('prom-client', () => Promise.reject(broken))).rejects.toBe(broken);
    // The peer is there but one of its own imports is not: not the peer's absence.
    const inner = Object.assign(new Error("Cannot find package 'left-pad' imported from /x/node_modules/prom-client/index.js"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    await expect(loadPeer('prom-client', () => Promise.reject(inner))).rejects.toBe(inner);
  });

  it('loads a peer that is installed', async () => {
    const pg = await loadPeer('pg', () => import('pg'));
    expect(typeof pg.default.Pool).toBe('function');
  });
});

describe('assertPeer', () => {
  it('passes for an installed peer without loading it, and names a missing one', async () => {
    const { assertPeer } = await import('./peers.js');
    expect(() => assertPeer('@simplewebauthn/server')).not.toThrow();
    expect(() => assertPeer('oidc-provider')).not.toThrow(); // ESM-only exports: there, though require cannot load it
  });
});
