import type { AuthContext } from './context.js';

/**
 * A typed slot in `auth.extensions`, owned by one plugin: its resolved options or the
 * service it offers others, set once in its `init`.
 *
 * @example
 * const config = extension<MyConfig>('my-plugin');
 * config.set(auth, resolved); // in init
 * config.get(auth).limit;     // in a route
 */
export function extension<T>(id: string) {
  return {
    id,
    set(auth: AuthContext, value: T): void {
      auth.extensions[id] = value;
    },
    /** The value; throws when the plugin is not part of this instance (a route of it cannot run then). */
    get(auth: AuthContext): T {
      const value = auth.extensions[id];
      if (value === undefined) throw new Error(`The ${id} plugin is not part of this auth instance`);
      return value as T;
    },
    /** The value, or undefined when the plugin is off. */
    find(auth: AuthContext): T | undefined {
      return auth.extensions[id] as T | undefined;
    },
  };
}
