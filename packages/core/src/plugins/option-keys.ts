import { CORE_OPTION_KEYS } from '../options.js';
import { describeUnknownOptions, findUnknownOptions, type OptionKeys, type UnknownOption } from '../option-keys.js';
import type { Plugin } from '../plugin.js';
import { CAPABILITIES } from './index.js';

/**
 * Every key `createAuth` knows, at every level: the core's and, under its key, each built-in
 * capability's (its manifest's `optionKeys`: `keysOf<ItsOptions>({...})` in its config.ts, the
 * compiler keeping them in step with its options type; `recordOf`/`listOf` for free-keyed records
 * and lists, `true` for a value not looked into). A library user's own plugin declares its
 * top-level keys with `Plugin.optionKeys`.
 */
export const GATEHOUSE_OPTION_KEYS: OptionKeys = {
  ...CORE_OPTION_KEYS,
  ...Object.fromEntries(CAPABILITIES.map((c) => [c.key, c.optionKeys])),
  // The library user's own plugins (their options under `Plugin.optionKeys`).
  plugins: true,
  // createAuth's: false leaves the schema as it is (the CLI migrates).
  autoMigrate: true,
};

/**
 * The unknown keys of `options`, at every level: those neither Gatehouse nor one of
 * `options.plugins` (its `optionKeys`) nor `extra` (the server's own: port, host…) knows.
 */
export function unknownOptions(options: object, extra: OptionKeys = {}): UnknownOption[] {
  const plugins = (options as { plugins?: unknown }).plugins;
  const own = Array.isArray(plugins) ? plugins.map((p: Plugin) => p?.optionKeys ?? {}) : [];
  return findUnknownOptions(options, Object.assign({}, GATEHOUSE_OPTION_KEYS, ...own, extra));
}

/** Throws naming each unknown key with its path and the closest known key (createAuth calls it first). */
export function checkOptionKeys(options: object, extra: OptionKeys = {}): void {
  const found = unknownOptions(options, extra);
  if (found.length > 0) throw new Error(`Gatehouse options: ${describeUnknownOptions(found)}`);
}
