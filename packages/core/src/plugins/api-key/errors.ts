import { defineErrors, errorsOf } from '../../kit.js';

/** The api-key plugin's refusals (codes and messages as better-auth's api-key plugin has them, where it has one). */
export const API_KEY_ERRORS = defineErrors({
  INVALID_API_KEY: 'Invalid API key.',
  KEY_NOT_FOUND: 'API Key not found',
  KEY_DISABLED: 'API Key is disabled',
  KEY_EXPIRED: 'API Key has expired',
  RATE_LIMITED: 'Rate limit exceeded.',
  BANNED_USER: 'You have been banned from this application',
  EXPIRES_IN_IS_TOO_SMALL: 'The expiresIn is smaller than the predefined minimum value.',
  EXPIRES_IN_IS_TOO_LARGE: 'The expiresIn is larger than the predefined maximum value.',
  INVALID_NAME_LENGTH: 'The name length is either too large or too small.',
  NAME_REQUIRED: 'API Key name is required.',
  METADATA_DISABLED: 'Metadata is disabled.',
  SERVER_ONLY_PROPERTY: "The property you're trying to set can only be set from the server auth instance only.",
  USER_ID_REQUIRED: 'A userId is required to create a key without a session.',
  NO_VALUES_TO_UPDATE: 'No values to update.',
  INSUFFICIENT_PERMISSIONS: 'The API key lacks the required permissions.',
});

export const apiKeyError = errorsOf(API_KEY_ERRORS);
