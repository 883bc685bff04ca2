import { mergeSchema, type Schema } from '../../kit.js';
import type { OrganizationConfig } from './config.js';

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

/**
 * Teams (`teams.enabled`): a team belongs to one organization, a team member is a user of
 * that organization (teamMember rows go with their team, or with the membership: the routes
 * delete them). session.activeTeamId has no foreign key, as activeOrganizationId; the
 * invitation's teamId neither (a removed team is taken off pending invitations).
 */
export const teamsSchema = {
  team: {
    fields: {
      name: { type: 'string', required: true },
      organizationId: { type: 'string', required: true, index: true, references: { model: 'organization', field: 'id', onDelete: 'cascade' } },
      createdAt: { type: 'date', required: true },
      updatedAt: { type: 'date', required: true },
    },
  },
  teamMember: {
    fields: {
      teamId: { type: 'string', required: true, index: true, references: { model: 'team', field: 'id', onDelete: 'cascade' } },
      userId: { type: 'string', required: true, index: true, references: { model: 'user', field: 'id', onDelete: 'cascade' } },
      createdAt: { type: 'date', required: true },
    },
    // Once per team and user, even when two requests race to add it.
    uniqueTogether: [['teamId', 'userId']],
  },
  session: { fields: { activeTeamId: { type: 'string' } } },
  invitation: { fields: { teamId: { type: 'string' } } },
} satisfies Partial<Schema>;

/** Roles made per organization (`dynamicAccessControl.enabled`): a name (lower case) and its statements. */
export const organizationRoleSchema = {
  organizationRole: {
    fields: {
      organizationId: { type: 'string', required: true, index: true, references: { model: 'organization', field: 'id', onDelete: 'cascade' } },
      // Indexed, so that MySQL gives it a key type (varchar) for the unique index below.
      role: { type: 'string', required: true, index: true },
      /** Resource → actions, a JSON object. */
      permission: { type: 'json', required: true, long: true },
      createdAt: { type: 'date', required: true },
      updatedAt: { type: 'date', required: true },
    },
    // One role of a name per organization, even when two requests race to create it.
    uniqueTogether: [['organizationId', 'role']],
  },
} satisfies Partial<Schema>;

/** The plugin's tables for its options: teams and custom roles only when turned on. */
export function organizationSchemaFor(o: Pick<OrganizationConfig, 'teams' | 'dynamicAccessControl'>): Partial<Schema> {
  let schema = organizationSchema as Schema;
  if (o.teams.enabled) schema = mergeSchema(schema, teamsSchema);
  if (o.dynamicAccessControl.enabled) schema = mergeSchema(schema, organizationRoleSchema);
  return schema;
}

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

export interface TeamRow {
  id: string;
  name: string;
  organizationId: string;
  createdAt: Date;
  updatedAt: Date;
  [key: string]: unknown;
}

export interface TeamMemberRow {
  id: string;
  teamId: string;
  userId: string;
  createdAt: Date;
  [key: string]: unknown;
}

export interface OrganizationRoleRow {
  id: string;
  organizationId: string;
  role: string;
  permission: Record<string, string[]>;
  createdAt: Date;
  updatedAt: Date;
  [key: string]: unknown;
}
