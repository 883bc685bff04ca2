import type { Schema } from '../../db/schema.js';
import type { AdminConfig } from './config.js';

/** The admin plugin's fields: none of them is accepted from sign-up or update-user (no `input`). */
export const adminSchema = (o: AdminConfig): Partial<Schema> => ({
  user: {
    fields: {
      role: { type: 'string', defaultValue: o.defaultRole },
      banned: { type: 'boolean', defaultValue: false },
      banReason: { type: 'string', long: true },
      banExpires: { type: 'date' },
    },
  },
  session: { fields: { impersonatedBy: { type: 'string' } } },
});
