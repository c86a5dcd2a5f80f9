/**
 * Session monitoring's timing (spec 8), in one place: the console polls the session while the tab
 * is visible and warns by these thresholds of the lifetimes `GET /api/auth/session` answers.
 */
import type { Schema } from '../api/client';

export const SESSION_POLL_INTERVAL_MS = 60_000;
/** Between polls the lifetimes count down locally this often, so the overlay shows at zero. */
export const SESSION_COUNTDOWN_TICK_MS = 1_000;
/** Under this much idle lifetime left: the "Continue" / "Log out" dialog. */
export const IDLE_WARNING_SECONDS = 5 * 60;
/** Under this much maximum lifetime left: the banner that cannot be closed. */
export const MAX_WARNING_SECONDS = 10 * 60;

/** `GET /api/auth/session` (spec 2.12), in seconds. */
export type SessionInfo = Schema<'SessionInfo'>;

/** The lifetimes an answer received `elapsedMs` ago stands for now, none below zero. */
export function countedDown(info: SessionInfo, elapsedMs: number): SessionInfo {
  const elapsed = Math.max(0, Math.floor(elapsedMs / 1000));
  const left = (seconds: number) => Math.max(0, seconds - elapsed);
  return {
    ...info,
    remainingSessionLifetime: left(info.remainingSessionLifetime),
    remainingIdleLifetime: left(info.remainingIdleLifetime),
    flohSessionTtl: left(info.flohSessionTtl),
  };
}

export type SessionState = 'fine' | 'idle-warning' | 'timed-out';

/** What the page shows for a session's lifetimes: the overlay wins, then the idle dialog. */
export function sessionStateOf(info: SessionInfo): { state: SessionState; maxWarning: boolean } {
  const lifetimes = [info.remainingSessionLifetime, info.remainingIdleLifetime, info.flohSessionTtl];
  if (lifetimes.some((seconds) => seconds <= 0)) return { state: 'timed-out', maxWarning: false };
  return {
    state: info.remainingIdleLifetime < IDLE_WARNING_SECONDS ? 'idle-warning' : 'fine',
    maxWarning: info.remainingSessionLifetime < MAX_WARNING_SECONDS,
  };
}

/** "4 minutes", "1 minute", "30 seconds": how long is left, for people. */
export function timeLeft(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
