import { definePlugin } from '../../kit.js';
import { removeKeysOnAdoption } from './adoption.js';
import { type ApiKeyOptions, resolveApiKeyOptions, useApiKeyConfig } from './config.js';
import { API_KEY_ERRORS } from './errors.js';
import { createApiKey } from './routes/create.js';
import { deleteApiKey } from './routes/delete.js';
import { getApiKey } from './routes/get.js';
import { listApiKeys } from './routes/list.js';
import { updateApiKey } from './routes/update.js';
import { verifyApiKey } from './routes/verify.js';
import { apiKeySchema } from './schema.js';
import { apiKeySessionSource } from './source.js';
import { API_KEY_MESSAGES } from './translations.js';

export type { ApiKeyAuditEvent } from './audit-events.js';
export type { ApiKeyOptions, ApiKeyPermissions } from './config.js';
export type { ApiKey } from './store.js';

/** The api-key routes with their precise types (route-types.ts derives the client's from them). */
export const apiKeyRoutes = [createApiKey, listApiKeys, getApiKey, updateApiKey, deleteApiKey, verifyApiKey] as const;

/**
 * API keys for machine access: made (shown once), listed, renamed, disabled, deleted by
 * their owner; only a SHA-256 kept; each with its own expiry, rate limit and permissions.
 * A request with the key header (`x-api-key`) is its user's on every route that needs a
 * session; `auth.api.verifyApiKey({ body: { key, permissions } })` checks one server-side.
 */
export function apiKeyPlugin(options: ApiKeyOptions = {}) {
  const config = resolveApiKeyOptions(options);
  return definePlugin({
    id: 'apiKey',
    features: { apiKey: true },
    schema: apiKeySchema,
    endpoints: apiKeyRoutes,
    errors: API_KEY_ERRORS,
    messages: API_KEY_MESSAGES,
    sessionSource: (auth) => apiKeySessionSource(auth, config.header),
    onAccountAdopted: removeKeysOnAdoption,
    init(auth) {
      useApiKeyConfig(auth, config);
    },
  });
}
