import openapiTS, { astToString } from 'openapi-typescript';

/** The console's copy of the API's types, written by `npm run web:api-types`. */
export const API_TYPES_FILE = 'web/src/api/openapi.ts';

const HEADER = [
  "// Generated from the API's OpenAPI description by `npm run web:api-types`: do not edit.",
  '// test/api/openapi.test.ts fails when a route changes and this file is not regenerated.',
  '',
].join('\n');

/** TypeScript types of every path, operation and schema of an OpenAPI 3.0 document. */
export async function renderApiTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0]);
  return HEADER + astToString(ast);
}
