/** Loading and error states shared by the pages: every failure shows the API's own message. */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  ApiError,
  send,
  urlOf,
  type ApiPath,
  type CallParts,
  type OptionsArgument,
  type ResponseOf,
} from '../api/client';
import { fetchText } from './fetch-text';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * GETs `path` (filled and queried by `options`, as `api` does) on mount, whenever the address
 * changes and on `reload()`; nothing while the path is null. A failed reload keeps the data loaded
 * before, next to the error.
 */
export function useApiGet<P extends ApiPath<'GET'>>(
  path: P | null,
  ...options: OptionsArgument<'GET', P>
): Loaded<ResponseOf<'GET', P>>;
export function useApiGet(path: string | null, ...options: unknown[]): Loaded<unknown> {
  // The overload above has checked the options against the operation; the address holds every
  // part of the request, so it alone decides when to load again.
  const url = path === null ? null : urlOf(path, options[0] as CallParts | undefined);
  return useLoaded(url, (from) => send('GET', from));
}

/** Like `useApiGet`, for routes that answer text (the workflow docs). */
export function useApiText(path: string | null): Loaded<string> {
  return useLoaded(path, fetchText);
}

function useLoaded<T>(path: string | null, load: (path: string) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: path !== null });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (path === null) return;
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    load(path).then(
      (data) => current && setState({ data, loading: false }),
      (error: unknown) => current && setState((previous) => ({ data: previous.data, error, loading: false })),
    );
    return () => {
      current = false;
    };
    // `load` is one of the two fixed loaders above; the path and reloads decide when to load.
  }, [path, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return `The request failed: ${error.message}`;
  return 'The request failed';
}

export function ErrorMessage({ error }: { error: unknown }) {
  return (
    <p className="error" role="alert">
      {messageOf(error)}
    </p>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="loading" role="status">
      Loading {what}…
    </p>
  );
}

/** Renders `children(data)` once loaded, the loading line before, the error instead. */
export function Async<T>({
  loaded,
  what,
  children,
}: {
  loaded: Loaded<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (loaded.error !== undefined) return <ErrorMessage error={loaded.error} />;
  if (loaded.data === undefined) return <Loading what={what} />;
  return <>{children(loaded.data)}</>;
}
