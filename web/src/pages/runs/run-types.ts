/** The run shapes of the runs routes (src/api/routes/runs.ts), as the OpenAPI description declares them. */
import type { ResponseOf, Schema } from '../../api/client';

export { FINAL_RUN_STATUSES, OPEN_RUN_STATUSES, RUN_STATUSES } from '../../../../src/domain/run-statuses';

export type Run = Schema<'Run'>;
/** An open approval or task of a run: whom it waits for and until when. */
export type RunWait = Schema<'RunWait'>;
/** A step as `GET /api/runs/:id/steps` answers it: with sanitized inputs and outputs, and decisions. */
export type RunStep = ResponseOf<'GET', '/api/runs/{id}/steps'>['steps'][number];
