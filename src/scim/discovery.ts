import { DEFAULT_COUNT, MAX_RESULTS } from './list-query.js';
import {
  ENTERPRISE_USER_SCHEMA,
  ENTERPRISE_USER_SCHEMA_DEFINITION,
  GROUP_SCHEMA,
  GROUP_SCHEMA_DEFINITION,
  LIST_RESPONSE_SCHEMA,
  USER_SCHEMA,
  USER_SCHEMA_DEFINITION,
  type AttributeDefinition,
  type SchemaDefinition,
} from './schemas.js';

/** RFC 7643 5: exactly what this endpoint supports. */
export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: 'https://github.com/flowgate/flowgate/blob/main/docs/scim.md',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    // RFC 9865 4: lists page by startIndex unless the client sends a cursor; cursors never expire.
    pagination: {
      cursor: true,
      index: true,
      defaultPaginationMethod: 'index',
      defaultPageSize: DEFAULT_COUNT,
      maxPageSize: MAX_RESULTS,
    },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: 'Authentication with the SCIM client token, sent as Authorization: Bearer <token>',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string) {
  return [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'User account',
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'Group (user group and memberships only)',
      schema: GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

function describeAttribute(attribute: AttributeDefinition): Record<string, unknown> {
  return {
    name: attribute.name,
    type: attribute.type,
    multiValued: attribute.multiValued ?? false,
    description: attribute.description ?? '',
    required: attribute.required ?? false,
    caseExact: attribute.caseExact ?? false,
    mutability: attribute.mutability ?? 'readWrite',
    returned: 'default',
    uniqueness: attribute.uniqueness ?? 'none',
    ...(attribute.subAttributes ? { subAttributes: attribute.subAttributes.map(describeAttribute) } : {}),
  };
}

function describeSchema(schema: SchemaDefinition, baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: schema.id,
    name: schema.name,
    description: schema.description,
    attributes: schema.attributes.map(describeAttribute),
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${schema.id}` },
  };
}

export function schemas(baseUrl: string) {
  return [USER_SCHEMA_DEFINITION, ENTERPRISE_USER_SCHEMA_DEFINITION, GROUP_SCHEMA_DEFINITION].map((schema) =>
    describeSchema(schema, baseUrl),
  );
}

/** Discovery lists are complete lists: no filtering or paging (RFC 7644 4). */
export function discoveryList(resources: unknown[]) {
  return {
    schemas: [LIST_RESPONSE_SCHEMA],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
