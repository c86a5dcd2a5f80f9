import { z } from 'zod';

/** Field limits of spec 2.5 and 8; the contact and address limits are ours (docs/organizations.md). */
export const ORGANIZATION_LIMITS = {
  name: 255,
  website: 500,
  domain: 255,
  address: 2000,
  contacts: 100,
  contactName: 255,
  contactEmail: 320,
  contactPhone: 50,
  contactTitle: 255,
} as const;

/**
 * The spec's soft-delete marker (2.5) holds this sentinel while an organization is active. We
 * store null in `deletedAt` instead and answer `deleted` beside it, so clients of either kind work.
 */
export const ACTIVE_ORGANIZATION_MARKER = '1970-01-01T00:00:00.000Z';

/** Membership roles of spec 2.5; the triple (organization, user, role) is unique. */
export const ORGANIZATION_ROLES = ['member', 'signatory', 'approver'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export const organizationRoleSchema = z.enum(ORGANIZATION_ROLES, {
  error: `role must be one of: ${ORGANIZATION_ROLES.join(', ')}`,
});

/**
 * An optional text field: trimmed, at most `max` characters; empty or null clears it. A `form`
 * is checked on the text as sent, so that the API description states it as a pattern.
 */
function optionalText(field: string, max: number, form?: { pattern: RegExp; message: string }) {
  const text = z.string().max(max, `${field} must be at most ${max} characters`);
  return (form ? text.regex(form.pattern, form.message) : text)
    .trim()
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));
}

export const contactSchema = z
  .object({
    name: z
      .string({ error: 'contact name is required' })
      .max(ORGANIZATION_LIMITS.contactName)
      .trim()
      .min(1, 'contact name is required'),
    email: optionalText('contact email', ORGANIZATION_LIMITS.contactEmail).transform((value) => value ?? null),
    phone: optionalText('contact phone', ORGANIZATION_LIMITS.contactPhone).transform((value) => value ?? null),
    title: optionalText('contact title', ORGANIZATION_LIMITS.contactTitle).transform((value) => value ?? null),
  })
  .strict()
  .meta({ id: 'OrganizationContact' });

export type Contact = z.output<typeof contactSchema>;

const name = z
  .string({ error: 'name is required' })
  .max(ORGANIZATION_LIMITS.name, `name must be at most ${ORGANIZATION_LIMITS.name} characters`)
  .trim()
  .min(1, 'name is required');

/** The texts an organization may leave empty: trimmed, `""` stored as null (the API and the transfer document). */
export const organizationText = {
  domain: optionalText('domain', ORGANIZATION_LIMITS.domain, {
    // Blank clears it; around the domain, spaces are trimmed. (NUL is refused in every request.)
    pattern: /^\s*[^\s@\u0000]*\s*$/,
    message: 'domain must be an email domain such as example.com (no @, no spaces)',
  }),
  website: optionalText('website', ORGANIZATION_LIMITS.website),
  address: optionalText('address', ORGANIZATION_LIMITS.address),
};

const organizationFields = {
  name,
  domain: organizationText.domain.describe('Email domain: users created with an email in it become members'),
  website: organizationText.website,
  address: organizationText.address,
  parentId: z.uuid({ error: 'parentId must be a UUID' }).nullable().optional(),
  contacts: z
    .array(contactSchema)
    .max(ORGANIZATION_LIMITS.contacts, `at most ${ORGANIZATION_LIMITS.contacts} contacts`)
    .optional(),
};

export const organizationCreateSchema = z.object(organizationFields).strict();
export type OrganizationCreateInput = z.output<typeof organizationCreateSchema>;

/** Update: the same fields, all optional; `null` clears an optional one, `contacts` replaces the list. */
export const organizationUpdateSchema = z.object({ ...organizationFields, name: name.optional() }).strict();
export type OrganizationUpdateInput = z.output<typeof organizationUpdateSchema>;

export const organizationMemberInputSchema = z
  .object({ userId: z.uuid({ error: 'userId must be a UUID' }), role: organizationRoleSchema })
  .strict();
