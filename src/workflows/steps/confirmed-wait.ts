import { condition, patched } from '@temporalio/workflow';

/**
 * Waits up to `timeoutMs` (for ever when undefined) for a person's decision or completion that the
 * database confirms; false when the time ran out first.
 *
 * The API signals before it commits (so a request that returns has reached both), which leaves one
 * gap: a transaction that fails after its signal went out. So a signal is only a reason to look:
 * `confirm` reads what the database holds, waiting for the signalling transaction to end, and
 * says whether it settled the step (taking its outcome from the database). A signal whose change
 * was rolled back is dropped by `confirm` and the wait goes on, with the time it has left.
 */
export async function waitForConfirmed(
  signalled: () => boolean,
  confirm: () => Promise<boolean>,
  timeoutMs: number | undefined,
): Promise<boolean> {
  const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  // The first wait is the one runs made before confirmation existed, command for command.
  let left = timeoutMs;
  for (;;) {
    const arrived = left === undefined ? (await condition(signalled), true) : await condition(signalled, left);
    if (!arrived) return false;
    // Runs that got their signal before confirmation existed replay without it.
    if (!patched('confirm-signalled-decisions') || (await confirm())) return true;
    left = deadline === undefined ? undefined : deadline - Date.now();
    if (left !== undefined && left <= 0) return false;
  }
}
