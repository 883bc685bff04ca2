import { accountPlugin } from '../account/index.js';
import type { GatehouseOptions } from '../options.js';
import type { Plugin } from '../plugin.js';
import { adminPlugin } from './admin/index.js';
import { socialPlugin } from '../social/index.js';
import { organizationPlugin } from './organization/index.js';
import { twoFactorPlugin } from './two-factor/index.js';
import { usernamePlugin } from './username/index.js';

/**
 * The built-in capabilities, each a plugin that its option can turn off.
 * Adding one is one line here.
 */
export function builtinPlugins(options: GatehouseOptions): Plugin[] {
  const list: (Plugin | null)[] = [];
  list.push(accountPlugin(options));
  list.push(options.username?.enabled === false ? null : usernamePlugin);
  list.push(options.organization?.enabled === false ? null : organizationPlugin(options.organization));
  list.push(options.admin?.enabled === false ? null : adminPlugin(options.admin));
  list.push(socialPlugin(options));
  list.push(options.twoFactor?.enabled === false ? null : twoFactorPlugin);
  void options;
  return list.filter((p): p is Plugin => p !== null);
}
