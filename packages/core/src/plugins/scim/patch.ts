import { type ScimPatchOperation, type ScimResource, scimPatch } from 'scim-patch';
import { invalidValue, ScimError, type ScimType } from './errors.js';

export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

const READ_ONLY = new Set(['id', 'meta', 'schemas']);
const mutability = (what: string) => new ScimError(400, `${what} cannot be changed`, 'mutability');

/** The attribute a path names first, without the core schema's URN (`urn:…:core:2.0:User:name.givenName` → `name`). */
function topAttribute(path: string): string {
  const bare = path.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, '');
  return bare.split(/[.[]/)[0]!.trim().toLowerCase();
}

/** Entra ID sends booleans as "True"/"False". */
function booleanOf(v: unknown): unknown {
  if (typeof v === 'string' && /^(true|false)$/i.test(v.trim())) return v.trim().toLowerCase() === 'true';
  return v;
}

/** A PatchOp body's operations, checked and normalized (op in any case, Entra's string booleans, read-only attributes refused). */
function operationsOf(body: unknown, id: string): ScimPatchOperation[] {
  if (typeof body !== 'object' || body === null) throw invalidValue('The body must be a PatchOp object');
  const b = body as { schemas?: unknown; Operations?: unknown; operations?: unknown };
  if (!Array.isArray(b.schemas) || !b.schemas.some((s) => typeof s === 'string' && s.toLowerCase() === PATCH_SCHEMA.toLowerCase())) {
    throw invalidValue(`schemas must be [${PATCH_SCHEMA}]`);
  }
  const ops = b.Operations ?? b.operations;
  if (!Array.isArray(ops) || ops.length === 0) throw invalidValue('Operations must be a non-empty array');
  if (ops.length > 1000) throw new ScimError(400, 'Too many operations', 'tooMany');
  return ops.flatMap((raw, i): ScimPatchOperation[] => {
    if (typeof raw !== 'object' || raw === null) throw invalidValue(`Operations[${i}] must be an object`);
    const o = raw as { op?: unknown; path?: unknown; value?: unknown };
    const op = typeof o.op === 'string' ? o.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw invalidValue(`Operations[${i}].op must be add, replace or remove`);
    if (o.path !== undefined && typeof o.path !== 'string') throw invalidValue(`Operations[${i}].path must be a string`);
    const path = typeof o.path === 'string' && o.path.trim() !== '' ? o.path.trim() : undefined;
    let value = o.value;
    if (path) {
      const top = topAttribute(path);
      if (READ_ONLY.has(top)) throw mutability(top);
      if (top === 'active') value = booleanOf(Array.isArray(value) && value.length === 1 ? value[0] : value);
    } else {
      if (op === 'remove') throw new ScimError(400, `Operations[${i}]: remove needs a path`, 'noTarget');
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw invalidValue(`Operations[${i}]: an operation without a path takes an object`);
      const entries = Object.entries(value as Record<string, unknown>).flatMap(([k, v]): [string, unknown][] => {
        const top = topAttribute(k);
        // Okta's group rename repeats the id: the same id changes nothing.
        if (top === 'id' && v === id) return [];
        if (READ_ONLY.has(top)) throw mutability(top);
        return [[k, top === 'active' ? booleanOf(v) : v]];
      });
      value = Object.fromEntries(entries);
    }
    // Entra ID removes members by listing them (`{op: "Remove", path: "members", value: [{value: id}]}`):
    // one removal per listed value, by filter, whatever else the stored item holds.
    if (op === 'remove' && path && !path.includes('[') && Array.isArray(value)) {
      const ids = value.map((v) => (typeof v === 'object' && v !== null ? (v as { value?: unknown }).value : undefined));
      if (ids.every((v) => typeof v === 'string'))
        return (ids as string[]).map((v) => ({ op, path: `${path}[value eq ${JSON.stringify(v)}]` }) as ScimPatchOperation);
    }
    return [(path ? { op, path, value } : { op, value }) as ScimPatchOperation];
  });
}

/** Applies a PatchOp body to a resource (scim-patch, RFC 7644 3.5.2); its refusals become SCIM errors. */
export function applyPatch<T extends Record<string, unknown>>(resource: T, body: unknown): T {
  const ops = operationsOf(body, String(resource.id));
  try {
    return scimPatch(structuredClone(resource) as unknown as ScimResource, ops, { mutateDocument: false, treatMissingAsAdd: true }) as unknown as T;
  } catch (e) {
    // scim-patch says invalidSyntax for a path it cannot follow; here invalidSyntax means a body that is not JSON.
    const name = e instanceof Error ? e.constructor.name : '';
    const type: ScimType =
      name === 'NoTarget' || name === 'FilterOnEmptyArray'
        ? 'noTarget'
        : (e as { scimCode?: string }).scimCode === 'invalidSyntax'
          ? 'invalidPath'
          : 'invalidValue';
    throw new ScimError(400, e instanceof Error ? e.message : 'Invalid patch', type);
  }
}
