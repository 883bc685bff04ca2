import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { auth, type ListUsersQuery } from '../auth';
import { sessionIfSelf, unwrap } from './query-client';

/**
 * Every server read of the app, as TanStack Query options: one key per resource, nested so that a
 * prefix names everything under it (`keys.admin.user(id)` covers that user's sessions and events).
 * A page reads with `useQuery(queries.x(...))`; an action names what it changed with `keys`
 * (`useAction(run, { invalidates: [...] })`, use-action.ts), and only those queries load again.
 * The session itself stays the client's own store (`useSession`): the client refetches it after
 * every call that changes it and tells the other tabs; `followIdentity` (query-client.ts) drops the
 * cache when the person changes.
 */
export const keys = {
  /** The person's own account: each list keyed by the signed-in user. */
  me: {
    all: ['me'] as const,
    sessions: (userId: string) => ['me', userId, 'sessions'] as const,
    deviceSessions: () => ['me', 'device-sessions'] as const,
    accounts: (userId: string) => ['me', userId, 'accounts'] as const,
    passkeys: (userId: string) => ['me', userId, 'passkeys'] as const,
    apiKeys: (userId: string) => ['me', userId, 'api-keys'] as const,
    consents: (userId: string) => ['me', userId, 'oauth-consents'] as const,
  },
  /** Whether a username is still free (sign-up). */
  username: (username: string) => ['username', username] as const,
  /** An OAuth consent screen's details (by its interaction id). */
  consent: (uid: string) => ['oauth-consent', uid] as const,
  organizations: {
    /** Everything about organizations (the list, each one, invitations). */
    all: ['organizations'] as const,
    /** The person's organizations (every person's list this browser held). */
    lists: ['organizations', 'list'] as const,
    list: (userId: string) => ['organizations', 'list', userId] as const,
    /** Everything about one organization: its members and invitations, roles, teams, SSO, SCIM, permissions. */
    one: (organizationId: string) => ['organizations', 'one', organizationId] as const,
    full: (organizationId: string) => ['organizations', 'one', organizationId, 'full'] as const,
    /** Every permission check in one organization. */
    permissions: (organizationId: string) => ['organizations', 'one', organizationId, 'can'] as const,
    can: (organizationId: string, permissions: Record<string, string[]>) => ['organizations', 'one', organizationId, 'can', permissions] as const,
    roles: (organizationId: string) => ['organizations', 'one', organizationId, 'roles'] as const,
    teams: (organizationId: string) => ['organizations', 'one', organizationId, 'teams'] as const,
    userTeams: (organizationId: string, userId: string) => ['organizations', 'one', organizationId, 'user-teams', userId] as const,
    /** Every person's teams in one organization (the switcher's, the teams page's). */
    allUserTeams: (organizationId: string) => ['organizations', 'one', organizationId, 'user-teams'] as const,
    /** Who is in which team, for the teams page's "Add a member" pickers (read per member). */
    teamPlaces: (organizationId: string, userIds: readonly string[]) => ['organizations', 'one', organizationId, 'teams', 'places', userIds] as const,
    teamMembers: (organizationId: string, teamId: string) => ['organizations', 'one', organizationId, 'teams', teamId, 'members'] as const,
    sso: (organizationId: string) => ['organizations', 'one', organizationId, 'sso'] as const,
    ssoRecord: (organizationId: string, providerId: string) => ['organizations', 'one', organizationId, 'sso', providerId, 'record'] as const,
    /** A "Test connection" run's report (by its id, for whoever ran it). */
    ssoTest: (id: string) => ['organizations', 'sso-test', id] as const,
    scim: (organizationId: string) => ['organizations', 'one', organizationId, 'scim'] as const,
    /** Whether a slug is still free. */
    slug: (slug: string) => ['organizations', 'slug', slug] as const,
  },
  invitations: {
    all: ['invitations'] as const,
    /** The invitations addressed to the signed-in person. */
    mine: (userId: string) => ['invitations', 'mine', userId] as const,
    /** One invitation, as the signed-in person may read it. */
    one: (id: string, userId: string) => ['invitations', 'one', id, userId] as const,
    /** What a signed-out visitor may see of an invitation. */
    preview: (id: string) => ['invitations', 'preview', id] as const,
  },
  admin: {
    all: ['admin'] as const,
    /** Every list-users answer (the table's pages, the side panel's one user). */
    users: ['admin', 'users'] as const,
    usersList: (query: ListUsersQuery) => ['admin', 'users', query] as const,
    /** Everything about one user: the user, their sessions, their events. */
    user: (id: string) => ['admin', 'user', id] as const,
    userSessions: (id: string) => ['admin', 'user', id, 'sessions'] as const,
    userEvents: (id: string, types: string) => ['admin', 'user', id, 'events', types] as const,
    userOrganizations: (id: string) => ['admin', 'user', id, 'organizations'] as const,
    audit: ['admin', 'audit'] as const,
    auditList: (query: AuditQuery) => ['admin', 'audit', query] as const,
    stats: ['admin', 'stats'] as const,
    statsRange: (range: StatsRange) => ['admin', 'stats', range] as const,
    applications: ['admin', 'oauth-applications'] as const,
    registeredClients: ['admin', 'oauth-registered-clients'] as const,
    resourceServers: ['admin', 'oauth-resource-servers'] as const,
    webhooks: ['admin', 'webhooks'] as const,
    webhookList: () => ['admin', 'webhooks', 'list'] as const,
    deliveries: (endpointId: string) => ['admin', 'webhooks', endpointId, 'deliveries'] as const,
  },
} as const;

type AuditQuery = NonNullable<Parameters<typeof auth.admin.listAuditEvents>[0]>;
type StatsRange = NonNullable<Parameters<typeof auth.admin.stats>[0]>['range'];

/**
 * What an admin action on one user changes: the user (their sessions and events), the user lists, the
 * trail and the figures; and the admin's own session when the user is the admin (their role, their sessions).
 */
export const adminUserChanged = (userId: string): QueryKey[] => [
  keys.admin.user(userId),
  keys.admin.users,
  keys.admin.audit,
  keys.admin.stats,
  ...sessionIfSelf(userId),
];

/** The reads, each with its key and loader; a refusal becomes the query's error (`refusalOf` shows it). */
export const queries = {
  sessions: (userId: string) => queryOptions({ queryKey: keys.me.sessions(userId), queryFn: () => unwrap(auth.listSessions()) }),
  deviceSessions: () => queryOptions({ queryKey: keys.me.deviceSessions(), queryFn: () => unwrap(auth.multiSession.listDeviceSessions()) }),
  accounts: (userId: string) => queryOptions({ queryKey: keys.me.accounts(userId), queryFn: () => unwrap(auth.listAccounts()) }),
  passkeys: (userId: string) => queryOptions({ queryKey: keys.me.passkeys(userId), queryFn: () => unwrap(auth.passkey.listUserPasskeys()) }),
  apiKeys: (userId: string) => queryOptions({ queryKey: keys.me.apiKeys(userId), queryFn: () => unwrap(auth.apiKey.list()) }),
  consents: (userId: string) => queryOptions({ queryKey: keys.me.consents(userId), queryFn: () => unwrap(auth.oauth2.listConsents()) }),

  usernameAvailable: (username: string) => queryOptions({ queryKey: keys.username(username), queryFn: () => unwrap(auth.isUsernameAvailable({ username })) }),
  /** The server's refusal of a slug (taken, malformed), or null when it is free: never an error of the query. */
  slugCheck: (slug: string) =>
    queryOptions({ queryKey: keys.organizations.slug(slug), queryFn: async () => (await auth.organization.checkSlug({ slug })).error }),
  organizations: (userId: string) => queryOptions({ queryKey: keys.organizations.list(userId), queryFn: () => unwrap(auth.organization.list()) }),
  fullOrganization: (organizationId: string) =>
    queryOptions({
      queryKey: keys.organizations.full(organizationId),
      queryFn: () => unwrap(auth.organization.getFullOrganization({ organizationId })),
    }),
  can: (organizationId: string, permissions: Record<string, string[]>) =>
    queryOptions({
      queryKey: keys.organizations.can(organizationId, permissions),
      queryFn: () => unwrap(auth.organization.hasPermission({ permissions, organizationId })),
    }),
  roles: (organizationId: string) =>
    queryOptions({ queryKey: keys.organizations.roles(organizationId), queryFn: () => unwrap(auth.organization.listRoles({ organizationId })) }),
  teams: (organizationId: string) =>
    queryOptions({ queryKey: keys.organizations.teams(organizationId), queryFn: () => unwrap(auth.organization.listTeams({ organizationId })) }),
  userTeams: (organizationId: string, userId: string) =>
    queryOptions({
      queryKey: keys.organizations.userTeams(organizationId, userId),
      queryFn: () => unwrap(auth.organization.listUserTeams({ organizationId })),
    }),
  teamMembers: (organizationId: string, teamId: string) =>
    queryOptions({
      queryKey: keys.organizations.teamMembers(organizationId, teamId),
      queryFn: () => unwrap(auth.organization.listTeamMembers({ teamId })),
    }),
  ssoProviders: (organizationId: string) => queryOptions({ queryKey: keys.organizations.sso(organizationId), queryFn: () => unwrap(auth.sso.providers()) }),
  ssoRecord: (organizationId: string, providerId: string) =>
    queryOptions({
      queryKey: keys.organizations.ssoRecord(organizationId, providerId),
      queryFn: () => unwrap(auth.sso.requestDomainVerification({ providerId })),
    }),
  ssoTestResult: (id: string) => queryOptions({ queryKey: keys.organizations.ssoTest(id), queryFn: () => unwrap(auth.sso.testResult({ id })) }),
  scim: (organizationId: string) =>
    queryOptions({ queryKey: keys.organizations.scim(organizationId), queryFn: () => unwrap(auth.scim.listConnections({ organizationId })) }),

  myInvitations: (userId: string) => queryOptions({ queryKey: keys.invitations.mine(userId), queryFn: () => unwrap(auth.organization.listUserInvitations()) }),
  invitation: (id: string, userId: string) =>
    queryOptions({ queryKey: keys.invitations.one(id, userId), queryFn: () => unwrap(auth.organization.getInvitation({ id })) }),
  invitationPreview: (id: string) =>
    queryOptions({ queryKey: keys.invitations.preview(id), queryFn: () => unwrap(auth.organization.invitationPreview({ id })) }),

  users: (query: ListUsersQuery) => queryOptions({ queryKey: keys.admin.usersList(query), queryFn: () => unwrap(auth.admin.listUsers(query)) }),
  user: (id: string) => queryOptions({ queryKey: keys.admin.user(id), queryFn: () => unwrap(auth.admin.getUser({ id })) }),
  userSessions: (id: string) => queryOptions({ queryKey: keys.admin.userSessions(id), queryFn: () => unwrap(auth.admin.listUserSessions({ userId: id })) }),
  userEvents: (id: string, types = '') =>
    queryOptions({
      queryKey: keys.admin.userEvents(id, types),
      queryFn: () => unwrap(auth.admin.listAuditEvents({ userId: id, limit: 25, sortDirection: 'desc', ...(types ? { type: types } : {}) })),
    }),
  userOrganizations: (id: string) =>
    queryOptions({ queryKey: keys.admin.userOrganizations(id), queryFn: () => unwrap(auth.admin.listUserOrganizations({ userId: id })) }),
  audit: (query: AuditQuery) => queryOptions({ queryKey: keys.admin.auditList(query), queryFn: () => unwrap(auth.admin.listAuditEvents(query)) }),
  stats: (range: StatsRange) => queryOptions({ queryKey: keys.admin.statsRange(range), queryFn: () => unwrap(auth.admin.stats({ range })) }),
  applications: () => queryOptions({ queryKey: keys.admin.applications, queryFn: () => unwrap(auth.oauth2.listApplications()) }),
  registeredClients: () => queryOptions({ queryKey: keys.admin.registeredClients, queryFn: () => unwrap(auth.oauth2.listRegisteredClients()) }),
  resourceServers: () => queryOptions({ queryKey: keys.admin.resourceServers, queryFn: () => unwrap(auth.oauth2.listResourceServers()) }),
  webhooks: () => queryOptions({ queryKey: keys.admin.webhookList(), queryFn: () => unwrap(auth.webhooks.list()) }),
  deliveries: (endpointId: string) =>
    queryOptions({ queryKey: keys.admin.deliveries(endpointId), queryFn: () => unwrap(auth.webhooks.deliveries({ id: endpointId, limit: 50 })) }),
};
