import { ErrorMessage } from './async';

/** The API's message of a failed call, or nothing while there is no error. */
export function ErrorNotice({ error }: { error: unknown }) {
  if (error === undefined || error === null) return null;
  return <ErrorMessage error={error} />;
}
