import type { Method } from './fetcher.js';
import type { ClientPluginLike } from './types.js';

/** What the client knows of the routes at run time, from its capabilities' client sides. */
export interface RouteTable {
  /**
   * The method of a call: the route's own; for a path no capability declares, the
   * client rule of spec section 7 (GET without a payload, POST with one).
   */
  method(path: string, hasPayload: boolean): Method;
  /** A successful call to `path` changes the session: refetch it. */
  changesSession(path: string): boolean;
  /** The change signals a successful call to `path` bumps. */
  signals(path: string): readonly string[];
  /** Every declared callable path. */
  paths(): string[];
}

export function createRouteTable(plugins: readonly ClientPluginLike[]): RouteTable {
  const methods = new Map<string, Method>();
  const session = new Set<string>();
  const signals = new Map<string, string[]>();
  for (const plugin of plugins) {
    for (const [path, method] of Object.entries(plugin.methods)) {
      // A route answering both (a provider callback) is not a call; POST is its form post.
      methods.set(path, typeof method === 'string' ? method : 'POST');
    }
    for (const path of Object.keys(plugin.changesSession)) session.add(path);
    for (const [name, paths] of Object.entries(plugin.signals ?? {})) {
      for (const path of paths) signals.set(path, [...(signals.get(path) ?? []), name]);
    }
  }
  return {
    method: (path, hasPayload) => methods.get(path) ?? (hasPayload ? 'POST' : 'GET'),
    changesSession: (path) => session.has(path),
    signals: (path) => signals.get(path) ?? [],
    paths: () => [...methods.keys()],
  };
}
