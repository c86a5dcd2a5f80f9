/**
 * Every status a run can be in; docs/runs.md gives the transitions. This module imports nothing,
 * so the console (web/) imports its lists instead of copying them.
 */
export const RUN_STATUSES = ['pending', 'running', 'waiting', 'completed', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Statuses in which a run is finished for good. */
export const FINAL_RUN_STATUSES: readonly RunStatus[] = ['completed', 'cancelled'];

/**
 * Statuses in which a run is still under way (waiting is running, paused for a person): its
 * variables may be edited, and an execution that ended without it leaves it to be closed.
 */
export const OPEN_RUN_STATUSES: readonly RunStatus[] = ['pending', 'running', 'waiting'];
