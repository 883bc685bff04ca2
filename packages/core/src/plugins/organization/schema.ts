import type { Schema } from '../../db/schema.js';

/**
 * Tables of the organization plugin. session.activeOrganizationId has no
 * foreign key (the session table may be created before organization); the
 * routes clear it themselves when a membership or organization goes.
 */
export const organizationSchema: Partial<Schema> = {
  organization: {
    fields: {
      name: { type: 'string', required: true },
      slug: { type: 'string', required: true, unique: true },
      logo: { type: 'string', long: true },
      metadata: { type: 'json', long: true },
      createdAt: { type: 'date', required: true },
    },
  },
  member: {
    fields: {
      organizationId: { type: 'string', required: true, index: true, references: { model: 'organization', field: 'id', onDelete: 'cascade' } },
      userId: { type: 'string', required: true, index: true, references: { model: 'user', field: 'id', onDelete: 'cascade' } },
      role: { type: 'string', required: true },
      createdAt: { type: 'date', required: true },
    },
    // One membership per user and organization, even when two requests race to add it.
    uniqueTogether: [['organizationId', 'userId']],
  },
  invitation: {
    fields: {
      organizationId: { type: 'string', required: true, index: true, references: { model: 'organization', field: 'id', onDelete: 'cascade' } },
      email: { type: 'string', required: true, index: true },
      role: { type: 'string', required: true },
      status: { type: 'string', required: true, defaultValue: 'pending' },
      inviterId: { type: 'string', required: true, references: { model: 'user', field: 'id', onDelete: 'cascade' } },
      expiresAt: { type: 'date', required: true },
      createdAt: { type: 'date', required: true },
    },
  },
  session: { fields: { activeOrganizationId: { type: 'string' } } },
};

export interface OrganizationRow {
  id: string;
  name: string;
  slug: string;
  logo?: string | null;
  metadata?: Record<string, unknown> | null;
  createdAt: Date;
  [key: string]: unknown;
}

export interface MemberRow {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: Date;
  [key: string]: unknown;
}

export type InvitationStatus = 'pending' | 'accepted' | 'rejected' | 'canceled';

export interface InvitationRow {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  status: InvitationStatus;
  inviterId: string;
  expiresAt: Date;
  createdAt: Date;
  [key: string]: unknown;
}
