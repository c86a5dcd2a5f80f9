/**
 * The one definition of the SCIM attributes this service accepts: PATCH resolves paths against
 * it and /Schemas publishes it.
 */
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export interface AttributeDefinition {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference';
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable';
  uniqueness?: 'none' | 'server';
  /** Longest accepted value, in characters: attributes that end up in a database index have one. */
  maxLength?: number;
  description?: string;
  subAttributes?: AttributeDefinition[];
}

export interface SchemaDefinition {
  id: string;
  name: string;
  description: string;
  attributes: AttributeDefinition[];
}

/**
 * The longest userName, email, displayName and externalId, as in the rest of the API: these values
 * end up in unique indexes, whose rows PostgreSQL limits to about 2,700 bytes.
 */
export const INDEXED_TEXT_MAX_LENGTH = 255;
const indexed = { maxLength: INDEXED_TEXT_MAX_LENGTH } as const;

const str = (name: string, extra: Partial<AttributeDefinition> = {}): AttributeDefinition => ({
  name,
  type: 'string',
  ...extra,
});
const bool = (name: string): AttributeDefinition => ({ name, type: 'boolean' });
const multi = (name: string, subAttributes: AttributeDefinition[]): AttributeDefinition => ({
  name,
  type: 'complex',
  multiValued: true,
  subAttributes,
});
const typedValue = (value: AttributeDefinition) => [value, str('display'), str('type'), bool('primary')];

export const USER_SCHEMA_DEFINITION: SchemaDefinition = {
  id: USER_SCHEMA,
  name: 'User',
  description: 'User account',
  attributes: [
    str('userName', {
      required: true,
      uniqueness: 'server',
      description: 'Maps to the user email by default',
      ...indexed,
    }),
    str('externalId', { caseExact: true, description: "Kept on the SCIM identity; never the user's sub", ...indexed }),
    {
      name: 'name',
      type: 'complex',
      subAttributes: ['formatted', 'familyName', 'givenName', 'middleName', 'honorificPrefix', 'honorificSuffix'].map(
        (sub) => str(sub),
      ),
    },
    str('displayName', indexed),
    str('nickName'),
    str('profileUrl'),
    str('title'),
    str('userType'),
    str('preferredLanguage'),
    str('locale'),
    str('timezone'),
    bool('active'),
    multi('emails', typedValue(str('value', indexed))),
    multi('phoneNumbers', typedValue(str('value'))),
    multi('addresses', [
      ...['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country', 'type'].map((sub) => str(sub)),
      bool('primary'),
    ]),
    { ...multi('groups', [str('value'), str('display'), str('type')]), mutability: 'readOnly' },
  ],
};

export const ENTERPRISE_USER_SCHEMA_DEFINITION: SchemaDefinition = {
  id: ENTERPRISE_USER_SCHEMA,
  name: 'EnterpriseUser',
  description: 'Enterprise user extension (stored and returned, not interpreted)',
  attributes: [
    ...['employeeNumber', 'costCenter', 'organization', 'division', 'department'].map((sub) => str(sub)),
    { name: 'manager', type: 'complex', subAttributes: [str('value'), str('$ref'), str('displayName')] },
  ],
};

export const GROUP_SCHEMA_DEFINITION: SchemaDefinition = {
  id: GROUP_SCHEMA,
  name: 'Group',
  description: 'Group: maps to a user group and its memberships only',
  attributes: [
    str('displayName', { required: true, uniqueness: 'server', ...indexed }),
    str('externalId', { caseExact: true, ...indexed }),
    multi('members', [str('value', { mutability: 'immutable' }), str('$ref'), str('display'), str('type')]),
  ],
};

/** Attributes a resource type's PATCH may address, by lower-cased name (extensions by lower-cased URN). */
export type ResourceAttributes = ReadonlyMap<string, AttributeDefinition>;

function attributeMap(schema: SchemaDefinition, extensions: SchemaDefinition[] = []): ResourceAttributes {
  const map = new Map<string, AttributeDefinition>();
  for (const attribute of schema.attributes) map.set(attribute.name.toLowerCase(), attribute);
  for (const extension of extensions) {
    map.set(extension.id.toLowerCase(), { name: extension.id, type: 'complex', subAttributes: extension.attributes });
  }
  map.set('id', { name: 'id', type: 'string', mutability: 'readOnly' });
  map.set('meta', { name: 'meta', type: 'complex', mutability: 'readOnly' });
  return map;
}

export const USER_ATTRIBUTES = attributeMap(USER_SCHEMA_DEFINITION, [ENTERPRISE_USER_SCHEMA_DEFINITION]);
export const GROUP_ATTRIBUTES = attributeMap(GROUP_SCHEMA_DEFINITION);
