import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { fetchText } from '../../components/fetch-text';
import { useDebounced } from '../../components/use-debounced';
import type { ValidationResult } from './findings';

/** How long the draft stays unchanged before it is validated and drawn again. */
export const CHECK_SETTLE_MS = 400;

export interface LiveChecks {
  /** The strict findings of the draft as it was when typing last paused. */
  validation: ValidationResult | undefined;
  validationError: unknown;
  /** The Mermaid flowchart of the draft's steps; the last one drawn while the steps cannot be. */
  flowchart: string | undefined;
  flowchartError: unknown;
  /** Whether the answers are for an older draft than the one shown. */
  pending: boolean;
}

/**
 * Strict validation and the flowchart of a draft that is not saved, asked for once typing has
 * paused (`CHECK_SETTLE_MS`), never per keystroke. `draft` is the definition, or undefined while
 * the JSON view holds text that is not a JSON object.
 */
export function useLiveChecks(draft: object | undefined): LiveChecks {
  const text = draft === undefined ? undefined : JSON.stringify(draft);
  const settled = useDebounced(text, CHECK_SETTLE_MS);
  const [state, setState] = useState<Omit<LiveChecks, 'pending'> & { checked?: string }>({
    validation: undefined,
    validationError: undefined,
    flowchart: undefined,
    flowchartError: undefined,
  });
  useEffect(() => {
    if (settled === undefined) return;
    let current = true;
    const definition: unknown = JSON.parse(settled);
    const body = typeof definition === 'object' && definition !== null ? definition : {};
    void Promise.allSettled([
      api('POST', '/api/workflows/validate', { body: { ...body, strict: true } }),
      postFlowchart(body),
    ]).then(([validation, flowchart]) => {
      if (!current) return;
      setState((previous) => ({
        checked: settled,
        validation: validation.status === 'fulfilled' ? validation.value : previous.validation,
        validationError: validation.status === 'rejected' ? validation.reason : undefined,
        flowchart: flowchart.status === 'fulfilled' ? flowchart.value : previous.flowchart,
        flowchartError: flowchart.status === 'rejected' ? flowchart.reason : undefined,
      }));
    });
    return () => {
      current = false;
    };
  }, [settled]);
  return { ...state, pending: state.checked !== text };
}

/** The flowchart route answers text; its errors are the API's JSON body, as `fetchText` reads them. */
function postFlowchart(definition: object): Promise<string> {
  return fetchText('/api/workflows/flowchart', { method: 'POST', body: JSON.stringify(definition) });
}
