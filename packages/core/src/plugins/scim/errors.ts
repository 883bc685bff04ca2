import { defineErrors, errorsOf } from '../../kit.js';

/** The token route's refusals (messages as CONTRACT.md "SCIM provisioning" gives them). */
export const SCIM_ERRORS = defineErrors({
  NOT_A_MEMBER: 'You are not a member of the organization',
  INSUFFICIENT_ROLE: 'Insufficient role for this operation',
  BANNED_USER: 'You have been banned from this application',
});

export const scimRouteError = errorsOf(SCIM_ERRORS);

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** RFC 7644 3.12 `scimType`s this service answers. */
export type ScimType = 'noTarget' | 'invalidSyntax' | 'invalidValue' | 'invalidFilter' | 'invalidPath' | 'mutability' | 'uniqueness' | 'tooMany';

/** A refusal under /scim/v2, answered as a SCIM error body (`status` a string). */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const notFound = (what: 'User' | 'Group' | 'Resource', id?: string) => new ScimError(404, id ? `${what} ${id} not found` : `${what} not found`);
export const uniqueness = (detail: string) => new ScimError(409, detail, 'uniqueness');
