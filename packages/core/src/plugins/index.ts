import type { GatehouseOptions } from '../options.js';
import type { Plugin } from '../plugin.js';

/**
 * The built-in capabilities, each a plugin that its option can turn off.
 * Adding one is one line here.
 */
export function builtinPlugins(options: GatehouseOptions): Plugin[] {
  const list: (Plugin | null)[] = [];
  void options;
  return list.filter((p): p is Plugin => p !== null);
}
