import { z } from 'zod';

/** The built-in profile fields of a user (spec 2.4, 2.9); any other name is a custom attribute. */
export const PROFILE_FIELDS = [
  'title',
  'department',
  'phoneNumber',
  'location',
  'employeeId',
  'costCenter',
  'startDate',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

const profileText = z.string().max(500);

/**
 * What each built-in profile field accepts, from any source: text of up to 500 characters, and
 * for `startDate` a date (YYYY-MM-DD).
 */
export const PROFILE_FIELD_VALUES: Record<ProfileField, z.ZodType<string>> = {
  title: profileText,
  department: profileText,
  phoneNumber: profileText,
  location: profileText,
  employeeId: profileText,
  costCenter: profileText,
  startDate: z.iso.date({ error: 'startDate must be a date (YYYY-MM-DD)' }),
};

/** Whether `value` is one `field` accepts (`PROFILE_FIELD_VALUES`). */
export function fitsProfileField(field: ProfileField, value: string): boolean {
  return PROFILE_FIELD_VALUES[field].safeParse(value).success;
}

/** Who last wrote a profile field (spec 2.4). */
export const PROFILE_SOURCES = ['manual', 'oidc', 'workflow', 'connector'] as const;
export type ProfileSource = (typeof PROFILE_SOURCES)[number];
