import type { Schema } from '../../kit.js';

/**
 * A SCIM connection (one directory, `providerId`, provisioning into one organization) and what it
 * provisioned. Users are Gatehouse users; `scimUser` links each to its connection and keeps the SCIM
 * attributes the account has no place for. `userNameKey` and `emailsKey` are lower-cased search keys
 * so filters compile to indexed or LIKE queries instead of loading every user.
 */
export const scimSchema: Partial<Schema> = {
  scimConnection: {
    fields: {
      // Declared indexed so it is a key column (varchar on MySQL), as the unique pair needs.
      providerId: { type: 'string', required: true, index: true },
      organizationId: { type: 'string', required: true, index: true, references: { model: 'organization', field: 'id', onDelete: 'cascade' } },
      // SHA-256 of the bearer token: the token itself is shown once and never stored.
      tokenHash: { type: 'string', required: true, unique: true, returned: false },
      createdBy: { type: 'string' },
      createdAt: { type: 'date', required: true },
      // The directory's last request and its outcome, for the app's Directory sync page.
      lastRequestAt: { type: 'date' },
      lastRequest: { type: 'string', long: true },
      lastStatus: { type: 'number' },
    },
    uniqueTogether: [['organizationId', 'providerId']],
  },
  scimUser: {
    fields: {
      organizationId: { type: 'string', required: true, references: { model: 'organization', field: 'id', onDelete: 'cascade' } },
      providerId: { type: 'string', required: true, index: true },
      userId: { type: 'string', required: true, unique: true, references: { model: 'user', field: 'id', onDelete: 'cascade' } },
      userName: { type: 'string', required: true },
      userNameKey: { type: 'string', required: true, index: true },
      externalId: { type: 'string', index: true },
      // "|type>value|" for each email, lower-cased: `emails.value eq` and `emails[type eq].value eq` are LIKEs on it.
      emailsKey: { type: 'string', long: true },
      attributes: { type: 'json', long: true },
      active: { type: 'boolean', required: true, defaultValue: true },
      // DELETE keeps the account (refused at sign-in, audited) but nothing of it reachable over SCIM.
      deleted: { type: 'boolean', required: true, defaultValue: false },
      createdAt: { type: 'date', required: true },
      updatedAt: { type: 'date', required: true },
    },
    // Unique per connection, so two racing creates cannot both win (a deleted User's key is set aside);
    // three utf8mb4 varchar(255) are 3060 bytes, inside MySQL's 3072-byte key limit.
    uniqueTogether: [
      ['organizationId', 'providerId', 'userNameKey'],
      ['organizationId', 'providerId', 'externalId'],
    ],
  },
  scimGroup: {
    fields: {
      organizationId: { type: 'string', required: true, references: { model: 'organization', field: 'id', onDelete: 'cascade' } },
      providerId: { type: 'string', required: true, index: true },
      displayName: { type: 'string', required: true },
      displayNameKey: { type: 'string', required: true, index: true },
      externalId: { type: 'string' },
      // With `groups.teams`: the organization team this Group is (no foreign key: the team table exists only with teams on).
      teamId: { type: 'string', index: true },
      createdAt: { type: 'date', required: true },
      updatedAt: { type: 'date', required: true },
    },
    uniqueTogether: [['organizationId', 'providerId', 'displayNameKey']],
  },
  scimGroupMember: {
    fields: {
      groupId: { type: 'string', required: true, index: true, references: { model: 'scimGroup', field: 'id', onDelete: 'cascade' } },
      scimUserId: { type: 'string', required: true, index: true, references: { model: 'scimUser', field: 'id', onDelete: 'cascade' } },
      createdAt: { type: 'date', required: true },
    },
    uniqueTogether: [['groupId', 'scimUserId']],
  },
};

export interface ScimConnectionRow {
  id: string;
  providerId: string;
  organizationId: string;
  [key: string]: unknown;
}

export interface ScimUserRow {
  id: string;
  organizationId: string;
  providerId: string;
  userId: string;
  userName: string;
  userNameKey: string;
  externalId: string | null;
  emailsKey: string | null;
  attributes: Record<string, unknown> | null;
  active: boolean;
  deleted: boolean;
  createdAt: Date;
  updatedAt: Date;
  [key: string]: unknown;
}

export interface ScimGroupRow {
  id: string;
  organizationId: string;
  providerId: string;
  displayName: string;
  displayNameKey: string;
  externalId: string | null;
  teamId?: string | null;
  createdAt: Date;
  updatedAt: Date;
  [key: string]: unknown;
}
