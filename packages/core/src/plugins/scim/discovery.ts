import type { AuthContext } from '../../kit.js';
import { type ScimAnswer, LIST_SCHEMA, MAX_RESULTS } from './call.js';
import { notFound } from './errors.js';
import { GROUP_SCHEMA } from './groups.js';
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from './user-resource.js';

const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SPC_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';

type Attr = Record<string, unknown>;
/** An attribute's description (RFC 7643 7), with the defaults most attributes share. */
const attr = (name: string, more: Attr = {}): Attr => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});

const userAttributes = [
  attr('userName', { required: true, uniqueness: 'server', description: 'Unique identifier for the User; an email address unless emails are given.' }),
  attr('externalId', { caseExact: true, description: "The directory's identifier of the User." }),
  attr('name', {
    type: 'complex',
    subAttributes: ['formatted', 'familyName', 'givenName', 'middleName', 'honorificPrefix', 'honorificSuffix'].map((n) => attr(n)),
  }),
  attr('displayName'),
  attr('nickName'),
  attr('title'),
  attr('userType'),
  attr('preferredLanguage'),
  attr('locale'),
  attr('timezone'),
  attr('active', { type: 'boolean' }),
  attr('emails', {
    type: 'complex',
    multiValued: true,
    subAttributes: [attr('value'), attr('type', { canonicalValues: ['work', 'home', 'other'] }), attr('primary', { type: 'boolean' }), attr('display')],
  }),
  attr('phoneNumbers', { type: 'complex', multiValued: true, subAttributes: [attr('value'), attr('type'), attr('primary', { type: 'boolean' })] }),
  attr('addresses', {
    type: 'complex',
    multiValued: true,
    subAttributes: ['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country', 'type']
      .map((n) => attr(n))
      .concat(attr('primary', { type: 'boolean' })),
  }),
];

const enterpriseAttributes = [
  attr('employeeNumber'),
  attr('costCenter'),
  attr('organization'),
  attr('division'),
  attr('department'),
  attr('manager', {
    type: 'complex',
    subAttributes: [attr('value'), attr('$ref', { type: 'reference', referenceTypes: ['User'] }), attr('displayName', { mutability: 'readOnly' })],
  }),
];

const groupAttributes = [
  attr('displayName', { required: true, uniqueness: 'server' }),
  attr('externalId', { caseExact: true }),
  attr('members', {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attr('value', { mutability: 'immutable', caseExact: true }),
      attr('$ref', { type: 'reference', referenceTypes: ['User'], mutability: 'immutable' }),
      attr('display', { mutability: 'readOnly' }),
      attr('type', { mutability: 'immutable', canonicalValues: ['User'] }),
    ],
  }),
];

function schemas(auth: AuthContext) {
  const doc = (id: string, name: string, description: string, attributes: Attr[]) => ({
    schemas: [SCHEMA_SCHEMA],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: 'Schema', location: auth.url(`/scim/v2/Schemas/${id}`) },
  });
  return [
    doc(USER_SCHEMA, 'User', 'User Account', userAttributes),
    doc(ENTERPRISE_SCHEMA, 'EnterpriseUser', 'Enterprise User', enterpriseAttributes),
    doc(GROUP_SCHEMA, 'Group', 'Group', groupAttributes),
  ];
}

function resourceTypes(auth: AuthContext) {
  const doc = (id: string, endpoint: string, schema: string, extensions: { schema: string; required: boolean }[]) => ({
    schemas: [RESOURCE_TYPE_SCHEMA],
    id,
    name: id,
    endpoint,
    description: id,
    schema,
    ...(extensions.length ? { schemaExtensions: extensions } : {}),
    meta: { resourceType: 'ResourceType', location: auth.url(`/scim/v2/ResourceTypes/${id}`) },
  });
  return [doc('User', '/Users', USER_SCHEMA, [{ schema: ENTERPRISE_SCHEMA, required: false }]), doc('Group', '/Groups', GROUP_SCHEMA, [])];
}

const list = (resources: unknown[]) => ({
  schemas: [LIST_SCHEMA],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

/** The discovery documents (RFC 7644 4), answered without a token; `undefined` when `path` is not one. */
export function discovery(auth: AuthContext, segments: string[]): ScimAnswer | undefined {
  const [what, id, ...rest] = segments;
  if (rest.length) return undefined;
  if (what === 'ServiceProviderConfig' && id === undefined) {
    return {
      status: 200,
      body: {
        schemas: [SPC_SCHEMA],
        documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
        patch: { supported: true },
        bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
        filter: { supported: true, maxResults: MAX_RESULTS },
        changePassword: { supported: false },
        sort: { supported: false },
        etag: { supported: false },
        authenticationSchemes: [
          {
            type: 'oauthbearertoken',
            name: 'OAuth Bearer Token',
            description: 'The bearer token made by POST /scim/generate-token, in the Authorization header.',
            specUri: 'https://www.rfc-editor.org/info/rfc6750',
            primary: true,
          },
        ],
        meta: { resourceType: 'ServiceProviderConfig', location: auth.url('/scim/v2/ServiceProviderConfig') },
      },
    };
  }
  if (what === 'Schemas' || what === 'ResourceTypes') {
    const all: { id: string }[] = what === 'Schemas' ? schemas(auth) : resourceTypes(auth);
    if (id === undefined) return { status: 200, body: list(all) };
    const found = all.find((s) => s.id === id);
    if (!found) throw notFound('Resource', id);
    return { status: 200, body: found };
  }
  return undefined;
}
