import { auditRow } from '../audit/index.js';
import type { Database } from '../db/client.js';
import { AppError } from '../errors/index.js';

/** Failed sign-in-link attempts one client address may make in one window before it gets 429. */
export const SIGN_IN_FAILURE_LIMIT = 10;
/** The fixed window the failures are counted in (and the window of their one audit entry). */
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 15 * 60;
/** Windows older than this are deleted as new ones open: they no longer limit anything. */
const KEEP_WINDOWS_SECONDS = 24 * 60 * 60;

function windowOf(now: Date): { start: Date; end: Date } {
  const length = SIGN_IN_FAILURE_WINDOW_SECONDS * 1000;
  const start = Math.floor(now.getTime() / length) * length;
  return { start: new Date(start), end: new Date(start + length) };
}

/**
 * Refuses with 429 (and `Retry-After`) an address that has used up its failed attempts in the
 * current window. The count lives in PostgreSQL so that every API process enforces the same one.
 */
export async function assertSignInAttemptAllowed(db: Database, clientAddress: string, now = new Date()) {
  const window = windowOf(now);
  const row = await db.signInFailureWindow.findUnique({
    where: { clientAddress_windowStart: { clientAddress, windowStart: window.start } },
    select: { failures: true },
  });
  if (!row || row.failures < SIGN_IN_FAILURE_LIMIT) return;
  await recordSignInFailure(db, { clientAddress, reason: 'too many failed attempts', now });
  const retryAfter = Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000));
  throw new AppError(
    'too_many_requests',
    `Too many failed sign-in attempts from this address; try again in ${retryAfter} seconds`,
    { headers: { 'retry-after': String(retryAfter) } },
  );
}

/**
 * Counts a failed (or refused) attempt of `clientAddress`. Each address gets one
 * `auth.login_failed` audit entry per window, written at its first failure and kept up to date
 * with the count, so that anyone hammering the link route cannot grow the audit log.
 */
export async function recordSignInFailure(
  db: Database,
  input: { clientAddress: string; reason: string; requestId?: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const window = windowOf(now);
  await db.$transaction(async (tx) => {
    // Concurrent failures of one address queue on the window's row, so each sees the count and
    // audit entry the one before it committed.
    const [counted] = await tx.$queryRaw<Array<{ failures: number; audit_log_id: string | null }>>`
      INSERT INTO sign_in_failure_windows (client_address, window_start, failures)
      VALUES (${input.clientAddress}, ${window.start}, 1)
      ON CONFLICT (client_address, window_start)
        DO UPDATE SET failures = sign_in_failure_windows.failures + 1
      RETURNING failures, audit_log_id`;
    const { metadata } = auditRow({
      action: 'auth.login_failed',
      actor: { type: 'system' },
      metadata: {
        via: 'sign_in_link',
        clientAddress: input.clientAddress,
        windowStart: window.start.toISOString(),
        windowEnd: window.end.toISOString(),
        failures: counted!.failures,
        refused: Math.max(0, counted!.failures - SIGN_IN_FAILURE_LIMIT),
        lastReason: input.reason,
        lastAttemptAt: now.toISOString(),
      },
    });
    if (counted!.audit_log_id) {
      await tx.auditLog.update({ where: { id: counted!.audit_log_id }, data: { metadata } });
      return;
    }
    const entry = await tx.auditLog.create({
      data: {
        ...auditRow({ action: 'auth.login_failed', actor: { type: 'system' }, requestId: input.requestId }),
        metadata,
      },
      select: { id: true },
    });
    await tx.signInFailureWindow.update({
      where: { clientAddress_windowStart: { clientAddress: input.clientAddress, windowStart: window.start } },
      data: { auditLogId: entry.id },
    });
    await tx.signInFailureWindow.deleteMany({
      where: { windowStart: { lt: new Date(window.start.getTime() - KEEP_WINDOWS_SECONDS * 1000) } },
    });
  });
}
