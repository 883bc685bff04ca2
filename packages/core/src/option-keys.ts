import { z } from 'zod';

/**
 * The unknown-key check of the options (CONTRACT.md: "an unknown option key is refused at start
 * with a message naming it"). Each capability's keys come from its options schema (`optionKeysOf`
 * below; the schema is in its `config.ts`), the core's from `keysOf<CoreOptions>` beside
 * `CoreOptions`; `plugins/option-keys.ts` assembles them. A key the assembly does not know, at any
 * level, is named with its full path and the closest known key.
 */

/** What an option's value may hold: `true` anything (a function, a list, a free object), or the keys below it. */
export type OptionSpec = true | OptionKeys | RecordOf | ListOf;

/** The known keys of one level of options, each with what its value may hold. */
export interface OptionKeys {
  readonly [key: string]: OptionSpec;
}

/** A record with free keys (a field name, a locale, a path), each value as `each` says. */
export class RecordOf {
  constructor(readonly each: OptionSpec) {}
}

/** A list, each item as `each` says. */
export class ListOf {
  constructor(readonly each: OptionSpec) {}
}

export const recordOf = (each: OptionSpec) => new RecordOf(each);
export const listOf = (each: OptionSpec) => new ListOf(each);

/**
 * The keys of an options type, every one of them (the compiler refuses a missing or an extra
 * one), so a key added to the type without being registered fails to build.
 */
export function keysOf<T>(keys: KeysOf<T>): KeysOf<T> {
  return keys;
}

/** Each key of `T`, with what its value may hold. */
export type KeysOf<T> = { readonly [K in keyof Required<T>]-?: OptionSpec };

/** An unknown key: its full path (`emailOTP.otpLenght`) and the closest known key beside it, if one is close. */
export interface UnknownOption {
  path: string;
  suggestion?: string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Every unknown key under `value`, depth first; values that are not plain objects are not looked into. */
export function findUnknownOptions(value: unknown, spec: OptionSpec, path = ''): UnknownOption[] {
  if (spec === true) return [];
  if (spec instanceof ListOf) {
    if (!Array.isArray(value)) return [];
    return value.flatMap((item, i) => findUnknownOptions(item, spec.each, `${path}[${i}]`));
  }
  if (!isPlainObject(value)) return [];
  const found: UnknownOption[] = [];
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (spec instanceof RecordOf) {
      found.push(...findUnknownOptions(child, spec.each, at));
      continue;
    }
    const known = Object.hasOwn(spec, key) ? spec[key] : undefined;
    if (known === undefined) {
      const suggestion = closestKey(key, Object.keys(spec));
      found.push(suggestion ? { path: at, suggestion } : { path: at });
    } else {
      found.push(...findUnknownOptions(child, known, at));
    }
  }
  return found;
}

/** The edit distance (insert, delete, replace, swap two neighbours) between two strings. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** The known key a misspelling most likely meant: same letters in another case, or a few edits away. */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const d = candidate.toLowerCase() === lower ? 0 : distance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  // Up to a third of the key's letters wrong (at least one): `otpLenght` → `otpLength`, `foo` → nothing.
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(key.length / 3)) ? best : undefined;
}

/** One line per unknown key: `emailOTP.otpLenght: unknown option, did you mean "otpLength"?`. */
export function describeUnknownOptions(found: readonly UnknownOption[]): string {
  return found.map((u) => `${u.path}: unknown option${u.suggestion ? `, did you mean "${u.suggestion}"?` : ''}`).join('; ');
}

/** A zod schema's definition, as far as the key walk below reads it (zod 4's `_zod.def`). */
interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  valueType?: z.ZodType;
  element?: z.ZodType;
}

/**
 * The keys a capability's options schema knows, at every level, for the unknown-key check: an
 * object its keys, a record `recordOf`, a list `listOf`, anything else (a number, a callback, a
 * union) `true`. The manifest's schema is the one source; this derives the check's spec from it.
 */
export function optionKeysOf(schema: z.ZodType): OptionSpec {
  const def = schema._zod.def as unknown as SchemaDef;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return optionKeysOf(def.innerType!);
    case 'pipe':
      return optionKeysOf(def.in!);
    case 'object':
      return Object.fromEntries(Object.entries(def.shape!).map(([key, child]) => [key, optionKeysOf(child)]));
    case 'record':
      return recordOf(optionKeysOf(def.valueType!));
    case 'array':
      return listOf(optionKeysOf(def.element!));
    default:
      return true;
  }
}

/** `path` as the unknown-key messages write it: `webhooks.endpoints[0].url`. */
export function optionPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((at, key) => (typeof key === 'number' ? `${at}[${key}]` : at ? `${at}.${String(key)}` : String(key)), '');
}

// Building blocks of the capabilities' options schemas (each in its config.ts), with the messages the options have always had.

/** A whole number from `min` (to `max`): `must be a whole number from 4 to 12` otherwise. */
export function wholeNumber(min: number, max?: number): z.ZodNumber {
  const message = max === undefined ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`;
  const n = z.number({ error: message }).int({ error: message }).min(min, { error: message });
  return max === undefined ? n : n.max(max, { error: message });
}

/** An http(s) URL. */
export const httpURL = (): z.ZodString =>
  z.string().refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

/** A function option (a mail sender, a hook), with its TypeScript type; not looked into. */
// biome-ignore lint/suspicious/noExplicitAny: any function type.
export const callback = <F extends (...args: any[]) => unknown>(): z.ZodType<F, F> =>
  z.custom<F>((v) => typeof v === 'function', { error: 'must be a function' });
