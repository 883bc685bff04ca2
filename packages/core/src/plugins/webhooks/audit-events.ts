// The audit events the webhooks plugin records, added to the core's typed set.
declare module '../../security/audit.js' {
  interface AuditEventTypes {
    'webhook.create': true;
    'webhook.update': true;
    'webhook.delete': true;
  }
}

/** The webhooks plugin's audit event types. */
export type WebhooksAuditEvent = 'webhook.create' | 'webhook.update' | 'webhook.delete';
