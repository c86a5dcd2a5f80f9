export { AppError, isAppError, notFound, conflict, validationFailed } from './app-error.js';
export type { ErrorCode, AppErrorOptions } from './app-error.js';
export { INTERNAL_ERROR_CODE, internalErrorMessage, messageForPeople } from './internal-error.js';
