/** Environment variables through which global setup tells the test files about the shared stack. */
export const STACK_ENV = {
  postgresAdminUrl: 'FLOWGATE_TEST_PG_ADMIN_URL',
  templateDatabase: 'FLOWGATE_TEST_TEMPLATE_DB',
  temporalAddress: 'FLOWGATE_TEST_TEMPORAL_ADDRESS',
  workflowBundle: 'FLOWGATE_TEST_WORKFLOW_BUNDLE',
} as const;

export function stackValue(key: keyof typeof STACK_ENV): string {
  const value = process.env[STACK_ENV[key]];
  if (!value)
    throw new Error(`${STACK_ENV[key]} is not set: run the tests through jest (global setup starts the stack)`);
  return value;
}
