import { z } from 'zod';
import { parseLdapUrl } from '../../connection-urls.js';

/**
 * The settings of an `ldap` connector (its config merged with its secrets), checked once per call,
 * and what each directory flavour defaults them to. See docs/connectors-ldap.md.
 */

export const FLAVOURS = ['openldap', 'active_directory', 'generic'] as const;
export type Flavour = (typeof FLAVOURS)[number];

/** The attributes and filters a flavour reads unless the connector names others. */
export interface FlavourDefaults {
  idAttribute: string;
  /** The id attribute holds raw GUID bytes (objectGUID), written as Microsoft's GUID string. */
  idIsBinaryGuid: boolean;
  usernameAttribute: string;
  emailAttribute: string;
  displayNameAttribute: string;
  memberAttribute: string;
  groupMemberOfAttribute: string;
  managerAttribute: string;
  modifiedAttribute: string;
  /** How `modifiedSince` is written for modifiedAttribute (GeneralizedTime, with or without fraction). */
  timestampFraction: boolean;
  /** An attribute holding the entry's own DN that filters can match, so DNs resolve in batches. */
  dnAttribute?: string;
  userFilter: string;
  groupFilter: string;
  /** The RDN attribute of users created by createUser. */
  rdnAttribute: string;
}

const GROUP_CLASSES = '(|(objectClass=groupOfNames)(objectClass=groupOfUniqueNames)(objectClass=posixGroup))';

export const FLAVOUR_DEFAULTS: Readonly<Record<Flavour, FlavourDefaults>> = {
  openldap: {
    idAttribute: 'entryUUID',
    idIsBinaryGuid: false,
    usernameAttribute: 'uid',
    emailAttribute: 'mail',
    displayNameAttribute: 'displayName',
    memberAttribute: 'member',
    groupMemberOfAttribute: 'memberOf',
    managerAttribute: 'manager',
    modifiedAttribute: 'modifyTimestamp',
    timestampFraction: false,
    dnAttribute: 'entryDN',
    userFilter: '(objectClass=inetOrgPerson)',
    groupFilter: GROUP_CLASSES,
    rdnAttribute: 'uid',
  },
  active_directory: {
    idAttribute: 'objectGUID',
    idIsBinaryGuid: true,
    usernameAttribute: 'sAMAccountName',
    emailAttribute: 'mail',
    displayNameAttribute: 'displayName',
    memberAttribute: 'member',
    groupMemberOfAttribute: 'memberOf',
    managerAttribute: 'manager',
    // whenChanged, not uSNChanged: modifiedSince is a time, and a DC stamps whenChanged when it
    // applies a change (replicated ones included), so `>=` the last pass's start misses none.
    modifiedAttribute: 'whenChanged',
    timestampFraction: true,
    dnAttribute: 'distinguishedName',
    userFilter: '(&(objectCategory=person)(objectClass=user))',
    groupFilter: '(objectClass=group)',
    rdnAttribute: 'cn',
  },
  generic: {
    idAttribute: 'entryUUID',
    idIsBinaryGuid: false,
    usernameAttribute: 'uid',
    emailAttribute: 'mail',
    displayNameAttribute: 'cn',
    memberAttribute: 'member',
    groupMemberOfAttribute: 'memberOf',
    managerAttribute: 'manager',
    modifiedAttribute: 'modifyTimestamp',
    timestampFraction: false,
    userFilter: '(objectClass=person)',
    groupFilter: GROUP_CLASSES,
    rdnAttribute: 'uid',
  },
};

const ldapServer = z
  .string()
  .refine((text) => parseLdapUrl(text) !== undefined, 'must be an ldap:// or ldaps:// URL with a host');
const attributeName = z.string().regex(/^(?:[A-Za-z][A-Za-z0-9-]*|\d+(?:\.\d+)+)(?:;[A-Za-z0-9-]+)*$/, {
  message: 'must be an attribute name',
});
const attributeValues = z.union([z.string(), z.array(z.string()).min(1)]);

export const connectionSchema = z
  .object({
    url: z.union([ldapServer, z.array(ldapServer).min(1)]),
    startTls: z.boolean().default(false),
    caCertificate: z.string().includes('-----BEGIN CERTIFICATE-----', { message: 'must be PEM' }).optional(),
    tlsInsecure: z.boolean().default(false),
    bindDn: z.string().min(1).optional(),
    bindPassword: z.string().min(1).optional(),
    baseDn: z.string().min(1),
    userBaseDn: z.string().min(1).optional(),
    groupBaseDn: z.string().min(1).optional(),
    userFilter: z.string().min(1).optional(),
    groupFilter: z.string().min(1).optional(),
    pageSize: z.number().int().min(1).max(5000).default(500),
    timeoutMs: z.number().int().min(100).max(600_000).default(30_000),
    flavour: z.enum(FLAVOURS).default('generic'),
    idAttribute: attributeName.optional(),
    emailAttribute: attributeName.optional(),
    displayNameAttribute: attributeName.optional(),
    usernameAttribute: attributeName.optional(),
    memberAttribute: attributeName.optional(),
    groupMemberOfAttribute: attributeName.optional(),
    managerAttribute: attributeName.optional(),
    modifiedAttribute: attributeName.optional(),
    extraAttributes: z.array(attributeName).default([]),
    /** What createUser writes besides its parameters: object classes, RDN attribute, fixed values. */
    userTemplate: z
      .object({
        objectClass: z.array(z.string().min(1)).min(1),
        rdnAttribute: attributeName.optional(),
        attributes: z.record(z.string(), attributeValues).default({}),
      })
      .optional(),
    /**
     * OpenLDAP without ppolicy: disableAccount sets this attribute to `value` and enableAccount
     * removes it (`{ attribute: 'employeeType', value: 'disabled' }`, say).
     */
    disabledAttribute: z.object({ attribute: attributeName, value: z.string().min(1) }).optional(),
  })
  .refine((settings) => (settings.bindDn === undefined) === (settings.bindPassword === undefined), {
    message: 'bindDn and bindPassword go together (neither: an anonymous bind)',
    path: ['bindPassword'],
  });

export type ConnectionSettings = z.output<typeof connectionSchema>;

/** The settings a call works with: flavour defaults filled in where the connector names none. */
export interface LdapSettings extends ConnectionSettings {
  servers: URL[];
  userBase: string;
  groupBase: string;
  attributes: FlavourDefaults;
}

export function resolveSettings(settings: ConnectionSettings): LdapSettings {
  const defaults = FLAVOUR_DEFAULTS[settings.flavour];
  const pick = <K extends keyof FlavourDefaults>(key: K, own: FlavourDefaults[K] | undefined) => own ?? defaults[key];
  const idAttribute = pick('idAttribute', settings.idAttribute);
  return {
    ...settings,
    servers: (Array.isArray(settings.url) ? settings.url : [settings.url]).map((text) => parseLdapUrl(text)!),
    userBase: settings.userBaseDn ?? settings.baseDn,
    groupBase: settings.groupBaseDn ?? settings.baseDn,
    attributes: {
      ...defaults,
      idAttribute,
      idIsBinaryGuid: idAttribute.toLowerCase() === 'objectguid',
      usernameAttribute: pick('usernameAttribute', settings.usernameAttribute),
      emailAttribute: pick('emailAttribute', settings.emailAttribute),
      displayNameAttribute: pick('displayNameAttribute', settings.displayNameAttribute),
      memberAttribute: pick('memberAttribute', settings.memberAttribute),
      groupMemberOfAttribute: pick('groupMemberOfAttribute', settings.groupMemberOfAttribute),
      managerAttribute: pick('managerAttribute', settings.managerAttribute),
      modifiedAttribute: pick('modifiedAttribute', settings.modifiedAttribute),
      userFilter: pick('userFilter', settings.userFilter),
      groupFilter: pick('groupFilter', settings.groupFilter),
      rdnAttribute: settings.userTemplate?.rdnAttribute ?? defaults.rdnAttribute,
    },
  };
}
