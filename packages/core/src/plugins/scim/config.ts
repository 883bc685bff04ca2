import { keysOf } from '../../kit.js';

/** The `scim` options (CONTRACT.md "SCIM provisioning"). Off unless `enabled`; needs the organization plugin. */
export interface ScimOptions {
  enabled?: boolean;
}

/** Its keys, for the unknown-key check (option-keys.ts); the compiler keeps them in step with the interface. */
export const scimOptionKeys = keysOf<ScimOptions>({ enabled: true });

/** Refuses a SCIM without organizations at start, with a message that says what to change. */
export function resolveScimOptions(_o: ScimOptions, organizationEnabled: boolean): void {
  if (!organizationEnabled) {
    throw new Error('scim needs the organization plugin (SCIM users and groups belong to an organization): remove organization.enabled: false, or turn scim off');
  }
}
