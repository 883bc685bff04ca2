export { type AuthHooks, createAuthHooks } from './create-auth-hooks.js';
export {
  type ActiveMemberOf,
  type ActiveOrganizationOf,
  type HookClient,
  type OrganizationsOf,
  type SessionOf,
  type SessionShape,
  type SessionView,
  useClientActiveMember,
  useClientActiveOrganization,
  useClientOrganizations,
  useClientSession,
} from './hooks.js';
export { type AuthQueryState, useAuthQuery } from './use-auth-query.js';
