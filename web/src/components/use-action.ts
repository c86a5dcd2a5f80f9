/** One user action calling the API: busy while it runs, its error kept to show next to it. */
import { useCallback, useState } from 'react';

export interface Action {
  busy: boolean;
  error: unknown;
  /** Runs `call`; answers whether it succeeded (its error is kept otherwise). */
  run: (call: () => Promise<unknown>) => Promise<boolean>;
}

export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const run = useCallback(async (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await call();
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}
