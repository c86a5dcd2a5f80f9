export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The `scimType` values of RFC 7644 3.12 (and RFC 9865 3) that this service uses. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidPath'
  | 'invalidSyntax'
  | 'invalidValue'
  | 'noTarget'
  | 'mutability'
  | 'uniqueness'
  | 'tooMany'
  | 'invalidCursor';

export interface ScimErrorBody {
  schemas: [typeof SCIM_ERROR_SCHEMA];
  status: string;
  scimType?: ScimType;
  detail: string;
}

/** An error a SCIM client is meant to see, with the status and scimType RFC 7644 gives it. */
export class ScimError extends Error {
  override readonly name = 'ScimError';
  readonly code = 'scim_error';

  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(message);
  }
}

export function isScimError(error: unknown): error is ScimError {
  return error instanceof Error && error.name === 'ScimError' && (error as Partial<ScimError>).code === 'scim_error';
}

export const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter');
export const invalidPath = (detail: string) => new ScimError(400, detail, 'invalidPath');
export const invalidSyntax = (detail: string) => new ScimError(400, detail, 'invalidSyntax');
export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const noTarget = (detail: string) => new ScimError(400, detail, 'noTarget');
export const mutability = (detail: string) => new ScimError(400, detail, 'mutability');
export const uniqueness = (detail: string) => new ScimError(409, detail, 'uniqueness');
export const scimNotFound = (what: string) => new ScimError(404, `${what} not found`);
