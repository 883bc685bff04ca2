import type { CoreOptions } from './options.js';
import type { z } from 'zod';
import type { Plugin } from './plugin.js';

/**
 * How a capability is switched by its options: on unless `{ enabled: false }`, off unless
 * `{ enabled: true }`, or always part of the instance (it has nothing to switch).
 */
export type CapabilitySwitch = 'on-unless-disabled' | 'off-unless-enabled' | 'always';

/** Type only: the routes a capability may serve, whence the clients' and tests' route types. */
export interface RouteList<E> {
  readonly $endpoint?: E;
}

/** Names a capability's routes for the type system (`routeList<typeof myRoutes>()`); nothing at run time. */
export function routeList<L extends readonly unknown[]>(): RouteList<L[number]> {
  return {};
}

/**
 * A built-in capability's manifest (`plugins/<id>/manifest.ts`): everything the assembly needs to
 * know of it. The one list in plugins/index.ts produces, from these, the options type
 * (`GatehouseOptions`), the options' check (their schema, unknown keys included), the features `/providers` reports, the plugins of
 * an instance, the route types and the tests' "everything on" options.
 */
export interface Capability<K extends string, O, E> {
  /** Its key in `createAuth`'s options (`twoFactor: { … }`). */
  key: K;
  switch: CapabilitySwitch;
  /**
   * Its options' one schema (zod, strict at every level, in its config.ts; the options type is its
   * `z.input`): `createAuth` and the server's config check the options with it, and the
   * unknown-key check takes its keys from it.
   */
  options: z.ZodType<unknown, O>;
  /** The feature names it may report on `/providers`; each is false while it is off. */
  features: readonly string[];
  /** Its plugin for these options; `all` is the whole options object, for what it reads of the core's. */
  plugin(options: O | undefined, all: CoreOptions): Plugin;
  /** Options that switch it and each of its parts on (tests that see every route and every code). */
  everythingOn?: O;
  /** Type only: its routes. */
  routes: RouteList<E>;
}

// biome-ignore lint/suspicious/noExplicitAny: the list of manifests holds each with its own types.
export type AnyCapability = Capability<string, any, unknown>;

/** Declares a capability's manifest, keeping its key, options and routes as precise types. */
export function defineCapability<const K extends string, O, E>(capability: Capability<K, O, E>): Capability<K, O, E> {
  return capability;
}

/** The options a capability takes. */
export type OptionsOf<C> = C extends Capability<string, infer O, unknown> ? O : never;
/** The routes a capability may serve. */
export type EndpointOf<C> = C extends Capability<string, unknown, infer E> ? E : never;
