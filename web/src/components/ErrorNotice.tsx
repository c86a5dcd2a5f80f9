import { ApiError } from '../api/client';

/** The message of a failed call as the API worded it, announced to screen readers. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

export function ErrorNotice({ error }: { error: unknown }) {
  if (error === undefined || error === null) return null;
  return (
    <p role="alert" className="notice notice-error">
      {errorMessage(error)}
    </p>
  );
}
