import type { Schema } from '../../kit.js';

/** Where events go (`webhookEndpoint`) and the queue of what is owed to them (`webhookDelivery`). */
export const webhooksSchema = {
  webhookEndpoint: {
    fields: {
      url: { type: 'string', required: true, long: true },
      /** The event types it receives, a JSON array of strings. */
      events: { type: 'json', required: true },
      /** The signing secret (`whsec_…`), encrypted with the auth secret (AES-GCM). */
      secret: { type: 'string', required: true, long: true, returned: false },
      enabled: { type: 'boolean', required: true, defaultValue: true },
      /** 'console' (made through the routes) or 'config' (from the options, kept in step at start). */
      source: { type: 'string', required: true, defaultValue: 'console' },
      createdAt: { type: 'date', required: true },
      updatedAt: { type: 'date', required: true },
    },
  },
  webhookDelivery: {
    fields: {
      endpointId: { type: 'string', required: true, index: true, references: { model: 'webhookEndpoint', field: 'id', onDelete: 'cascade' } },
      /** The `webhook-id` header: the same for every attempt and redelivery of one message. */
      messageId: { type: 'string', required: true },
      eventType: { type: 'string', required: true },
      /** The exact body sent (JSON text), so that every attempt signs the same bytes. */
      payload: { type: 'string', required: true, long: true },
      /** 'pending' (due or being retried), 'succeeded' or 'failed' (retries used up). */
      status: { type: 'string', required: true, defaultValue: 'pending' },
      attempts: { type: 'number', required: true, defaultValue: 0 },
      /** When the next attempt is due; an attempt under way holds it off by its lease. Null once settled. */
      nextAttemptAt: { type: 'date', index: true },
      lastStatusCode: { type: 'number' },
      lastError: { type: 'string', long: true },
      /** The start of the last answer's body (up to 1 KiB), for the console's delivery drawer; null without an answer. */
      lastResponse: { type: 'string', long: true },
      lastAttemptAt: { type: 'date' },
      createdAt: { type: 'date', required: true },
    },
  },
} satisfies Partial<Schema>;
