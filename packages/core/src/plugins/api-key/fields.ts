import { z } from 'zod';
import type { AuthContext, Row } from '../../kit.js';
import { apiKeyConfig } from './config.js';
import { apiKeyError } from './errors.js';
import type { JsonValue } from './store.js';

/** `{ resource: [action, …] }`. */
export const permissionsSchema = z.record(z.string().min(1), z.array(z.string().min(1)));

/** What only the server (`auth.api`) may set on a key: over HTTP they are refused (SERVER_ONLY_PROPERTY). */
export const serverOnlyFields = {
  permissions: permissionsSchema.nullable().optional(),
  rateLimitEnabled: z.boolean().optional(),
  /** Milliseconds. */
  rateLimitTimeWindow: z.number().int().positive().optional(),
  rateLimitMax: z.number().int().positive().optional(),
};

/** What a key's owner may set, at creation or later. */
export const ownerFields = {
  name: z.string().optional(),
  /** Seconds from now; null: never expires. */
  expiresIn: z.number().int().positive().nullable().optional(),
  metadata: z.record(z.string(), z.json()).nullable().optional(),
};

type Settable = {
  name?: string;
  expiresIn?: number | null;
  metadata?: Record<string, JsonValue> | null;
  permissions?: Record<string, string[]> | null;
  rateLimitEnabled?: boolean;
  rateLimitTimeWindow?: number;
  rateLimitMax?: number;
};

/**
 * The row fields a create or update body sets, checked against the options: name length,
 * expiry bounds, metadata allowed, and server-only fields only from the server.
 */
export function keyFields(auth: AuthContext, body: Settable, serverCall: boolean): Row {
  const config = apiKeyConfig(auth);
  const out: Row = {};
  const serverOnly = (['permissions', 'rateLimitEnabled', 'rateLimitTimeWindow', 'rateLimitMax'] as const).filter((k) => body[k] !== undefined);
  if (serverOnly.length && !serverCall) throw apiKeyError('BAD_REQUEST', 'SERVER_ONLY_PROPERTY');
  for (const k of serverOnly) out[k] = body[k];
  if (body.name !== undefined) {
    if (body.name.length < 1 || body.name.length > config.maximumNameLength) throw apiKeyError('BAD_REQUEST', 'INVALID_NAME_LENGTH');
    out.name = body.name;
  }
  if (body.metadata !== undefined) {
    if (!config.enableMetadata) throw apiKeyError('BAD_REQUEST', 'METADATA_DISABLED');
    out.metadata = body.metadata;
  }
  if (body.expiresIn !== undefined) {
    if (body.expiresIn !== null && body.expiresIn < config.minExpiresIn) throw apiKeyError('BAD_REQUEST', 'EXPIRES_IN_IS_TOO_SMALL');
    if (body.expiresIn !== null && body.expiresIn > config.maxExpiresIn) throw apiKeyError('BAD_REQUEST', 'EXPIRES_IN_IS_TOO_LARGE');
    out.expiresAt = body.expiresIn === null ? null : new Date(auth.now() + body.expiresIn * 1000);
  }
  return out;
}
