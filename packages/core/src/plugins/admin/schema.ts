import type { Schema } from '../../kit.js';
import type { AdminConfig } from './config.js';

/**
 * The admin plugin's fields: none of them is accepted from sign-up or update-user (no `input`).
 * Its indexes keep the dashboard (routes/stats.ts) and the audit trail's filters reading only what they count:
 * audit events by type (or person) within a time range, users created within a range or by a flag,
 * sessions not yet expired.
 */
export const adminSchema = (o: AdminConfig): Partial<Schema> => ({
  user: {
    fields: {
      role: { type: 'string', defaultValue: o.defaultRole },
      banned: { type: 'boolean', defaultValue: false },
      banReason: { type: 'string', long: true },
      banExpires: { type: 'date' },
    },
    indexes: [['createdAt'], ['emailVerified'], ['banned']],
  },
  session: { fields: { impersonatedBy: { type: 'string' } }, indexes: [['expiresAt']] },
  auditEvent: {
    fields: {},
    indexes: [
      ['type', 'createdAt'],
      ['userId', 'createdAt'],
    ],
  },
});
