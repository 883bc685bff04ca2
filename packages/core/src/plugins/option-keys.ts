import type { z } from 'zod';
import { CORE_OPTION_KEYS } from '../options.js';
import { describeUnknownOptions, findUnknownOptions, type OptionKeys, optionKeysOf, optionPath, type UnknownOption } from '../option-keys.js';
import type { Plugin } from '../plugin.js';
import { CAPABILITIES } from './index.js';

/** Each built-in capability's options schema by its key (its manifest's `options`); the server checks its config with them. */
export const CAPABILITY_OPTIONS: Readonly<Record<string, z.ZodType>> = Object.fromEntries(CAPABILITIES.map((c) => [c.key, c.options as z.ZodType]));

/**
 * Every key `createAuth` knows, at every level: the core's and, under its key, each built-in
 * capability's (taken from its options schema, `optionKeysOf`). A library user's own plugin
 * declares its top-level keys with `Plugin.optionKeys`.
 */
export const GATEHOUSE_OPTION_KEYS: OptionKeys = {
  ...CORE_OPTION_KEYS,
  ...Object.fromEntries(Object.entries(CAPABILITY_OPTIONS).map(([key, schema]) => [key, optionKeysOf(schema)])),
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

/** Throws naming each unknown key with its path and the closest known key. */
export function checkOptionKeys(options: object, extra: OptionKeys = {}): void {
  const found = unknownOptions(options, extra);
  if (found.length > 0) throw new Error(`Gatehouse options: ${describeUnknownOptions(found)}`);
}

/**
 * The first wrong value of a built-in capability's options (its schema: ranges, enums, formats),
 * as `emailOTP.otpLength: must be a whole number from 4 to 12`, or null when all are right.
 */
export function badCapabilityOption(options: object): string | null {
  const all = options as Record<string, unknown>;
  for (const [key, schema] of Object.entries(CAPABILITY_OPTIONS)) {
    if (all[key] === undefined) continue;
    const checked = schema.safeParse(all[key]);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      return `${optionPath([key, ...issue.path])}: ${issue.message}`;
    }
  }
  return null;
}

/**
 * The options' check `createAuth` runs first: an unknown key at any level is named with its path
 * and the closest known key, then a capability's wrong value with its path and what it must be.
 */
export function checkOptions(options: object): void {
  checkOptionKeys(options);
  const bad = badCapabilityOption(options);
  if (bad !== null) throw new Error(`Gatehouse options: ${bad}`);
}
