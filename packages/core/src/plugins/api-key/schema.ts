import type { Schema } from '../../kit.js';

/** One row per API key (better-auth's `apikey` table and field names; its refill/remaining fields are left out). */
export const apiKeySchema = {
  apikey: {
    fields: {
      name: { type: 'string' },
      /** The first characters of the key, in clear, to tell keys apart. */
      start: { type: 'string' },
      prefix: { type: 'string' },
      /** SHA-256 of the key (base64url): the key itself is never stored. */
      key: { type: 'string', required: true, unique: true, returned: false },
      userId: { type: 'string', required: true, index: true, references: { model: 'user', field: 'id', onDelete: 'cascade' } },
      enabled: { type: 'boolean', required: true, defaultValue: true },
      rateLimitEnabled: { type: 'boolean', required: true, defaultValue: true },
      /** Milliseconds. */
      rateLimitTimeWindow: { type: 'number' },
      rateLimitMax: { type: 'number' },
      /** Requests in the current window (it starts at `lastRequest` when that is older than the window). */
      requestCount: { type: 'number', required: true, defaultValue: 0 },
      /** When the current rate-limit window began. */
      lastRequestWindowStart: { type: 'date' },
      /** When the key was last used. */
      lastRequest: { type: 'date' },
      expiresAt: { type: 'date' },
      createdAt: { type: 'date', required: true },
      updatedAt: { type: 'date', required: true },
      /** `{ resource: [action, …] }`, set by the server only. */
      permissions: { type: 'json' },
      metadata: { type: 'json' },
    },
  },
} satisfies Partial<Schema>;
