/** Loads one API resource for a page, with its error and a way to load it again. */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client';
import { fetchText } from './fetch-text';

export interface ApiData<T> {
  data: T | undefined;
  error: unknown;
  reload: () => void;
}

/** GETs the JSON at `path` (nothing while it is null), again whenever it changes or `reload` is called. */
export function useApiData<T>(path: string | null): ApiData<T> {
  return useLoaded(path, (from) => api<T>('GET', from));
}

/** Like `useApiData`, for routes that answer text (the workflow docs). */
export function useApiText(path: string | null): ApiData<string> {
  return useLoaded(path, fetchText);
}

function useLoaded<T>(path: string | null, load: (path: string) => Promise<T>): ApiData<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown }>({ data: undefined, error: undefined });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (path === null) return;
    let current = true;
    load(path).then(
      (data) => current && setState({ data, error: undefined }),
      (error: unknown) => current && setState((previous) => ({ data: previous.data, error })),
    );
    return () => {
      current = false;
    };
    // `load` is one of the two fixed loaders above; the path and reloads decide when to load.
  }, [path, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...state, reload };
}
