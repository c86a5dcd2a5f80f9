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

/** Who last wrote a profile field (spec 2.4). */
export const PROFILE_SOURCES = ['manual', 'oidc', 'workflow', 'connector'] as const;
export type ProfileSource = (typeof PROFILE_SOURCES)[number];
