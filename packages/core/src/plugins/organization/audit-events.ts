// The audit events the organization plugin records for teams and custom roles, added to the core's typed set.
declare module '../../security/audit.js' {
  interface AuditEventTypes {
    'organization.team.created': true;
    'organization.team.renamed': true;
    'organization.team.deleted': true;
    'organization.team.member.added': true;
    'organization.team.member.removed': true;
    'organization.role.created': true;
    'organization.role.updated': true;
    'organization.role.deleted': true;
  }
}

/** The organization plugin's audit event types (teams and custom roles). */
export type OrganizationAuditEvent =
  | 'organization.team.created'
  | 'organization.team.renamed'
  | 'organization.team.deleted'
  | 'organization.team.member.added'
  | 'organization.team.member.removed'
  | 'organization.role.created'
  | 'organization.role.updated'
  | 'organization.role.deleted';
