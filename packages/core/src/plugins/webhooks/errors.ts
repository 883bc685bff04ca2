import { defineErrors, errorsOf } from '../../kit.js';

/** The webhooks plugin's refusals. */
export const WEBHOOKS_ERRORS = defineErrors({
  ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT: 'Only admins can access this endpoint',
  INVALID_WEBHOOK_URL: 'The webhook URL must be an http or https URL without credentials',
  WEBHOOK_URL_NOT_ALLOWED: 'The webhook URL points to a private or loopback address',
  UNKNOWN_WEBHOOK_EVENT: 'Unknown webhook event',
  INVALID_WEBHOOK_SECRET: 'The secret must be "whsec_" followed by the base64 of 24 to 64 bytes',
  WEBHOOK_NOT_FOUND: 'Webhook not found',
  WEBHOOK_FROM_CONFIGURATION: 'This webhook is set in the configuration and cannot be changed here',
  DELIVERY_NOT_FOUND: 'Delivery not found',
  DELIVERY_STILL_PENDING: 'This delivery is still being retried',
});

export const webhooksError = errorsOf(WEBHOOKS_ERRORS);
