import type { Adapter, Schema } from '../../kit.js';
import { invalidValue } from './errors.js';
import type { ScimConnectionRow } from './schema.js';

/**
 * The domains the organization proved (enterprise SSO's verified domains, when that plugin is on):
 * once there is one, SCIM provisions only addresses of those domains (and their subdomains), so an
 * organization's directory cannot take addresses it does not own (issue 39).
 */
async function verifiedDomains(trx: Adapter, schema: Schema, connection: ScimConnectionRow): Promise<string[]> {
  if (!schema.ssoProvider?.fields.domainVerified) return [];
  const providers = await trx.findMany<{ domain: string }>('ssoProvider', {
    where: [
      { field: 'organizationId', value: connection.organizationId },
      { field: 'domainVerified', value: true },
    ],
  });
  return providers.flatMap((p) =>
    p.domain
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** 400 invalidValue when the organization has verified domains and `email` is in none of them. */
export async function checkEmailDomain(trx: Adapter, schema: Schema, connection: ScimConnectionRow, email: string): Promise<void> {
  const domains = await verifiedDomains(trx, schema, connection);
  if (!domains.length) return;
  const host = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (!domains.some((d) => host === d || host.endsWith(`.${d}`))) throw invalidValue("The email's domain is not one of the organization's verified domains");
}
