/** Size of the seeded directory behind the simulated test-ldap and test-activedirectory connectors. */
export const DEFAULT_USER_COUNT = 250;
export const MAX_USER_COUNT = 1_000_000;
