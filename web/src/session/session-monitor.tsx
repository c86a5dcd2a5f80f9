/**
 * Spec 8 in the browser: polls the session while the tab is visible, counts its lifetimes down
 * locally between polls, warns before the idle timeout (Continue extends), announces the end of
 * the maximum lifetime (cannot be extended), and reports a session that is over the moment a
 * lifetime reaches zero (once the API confirms it: another tab may have extended it).
 */
import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '../api/client';
import { ErrorMessage } from '../components/async';
import {
  countedDown,
  SESSION_COUNTDOWN_TICK_MS,
  SESSION_POLL_INTERVAL_MS,
  sessionStateOf,
  timeLeft,
  type SessionInfo,
} from './session-timing';
import { useModal } from './sign-in';

export function SessionMonitor({ onTimedOut, onLogout }: { onTimedOut: () => void; onLogout: () => void }) {
  // The last answer and when it came: the lifetimes it gave count down from that moment.
  const [answer, setAnswer] = useState<{ info: SessionInfo; receivedAt: number }>();
  const [now, setNow] = useState(() => Date.now());
  const received = useCallback((info: SessionInfo) => {
    const receivedAt = Date.now();
    setAnswer({ info, receivedAt });
    setNow(receivedAt);
  }, []);
  // Continue answers the dialog until the next poll, whatever the provider's idle window is.
  const [continued, setContinued] = useState(false);

  const poll = useCallback(async () => {
    try {
      received(await api('GET', '/api/auth/session'));
      setContinued(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onTimedOut();
      // Anything else (the API restarting, a network blip) keeps the last known state until the next poll.
    }
  }, [onTimedOut, received]);

  // Each tick is set for just after the next whole second since the answer, so the count steps
  // on time; it goes by the clock, so a hidden tab's late timer still shows the right count.
  useEffect(() => {
    if (!answer) return;
    const elapsed = now - answer.receivedAt;
    const wait = SESSION_COUNTDOWN_TICK_MS - (elapsed % SESSION_COUNTDOWN_TICK_MS) + 10;
    const ticker = window.setTimeout(() => setNow(Date.now()), wait);
    return () => window.clearTimeout(ticker);
  }, [answer, now]);

  useEffect(() => {
    let timer: number | undefined;
    const start = () => {
      void poll();
      timer = window.setInterval(() => void poll(), SESSION_POLL_INTERVAL_MS);
    };
    const stop = () => window.clearInterval(timer);
    const onVisibilityChange = () => {
      stop();
      if (document.visibilityState === 'visible') start();
    };
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [poll]);

  // A lifetime counted down to zero here may have been extended in another tab meanwhile, so the
  // session is asked once before the overlay shows; without an answer, the count stands.
  const confirmEnd = useCallback(async () => {
    try {
      const latest = await api('GET', '/api/auth/session');
      if (sessionStateOf(latest).state === 'timed-out') onTimedOut();
      else {
        received(latest);
        setContinued(false);
      }
    } catch {
      onTimedOut();
    }
  }, [onTimedOut, received]);

  const info = answer && countedDown(answer.info, now - answer.receivedAt);
  const { state, maxWarning } = info ? sessionStateOf(info) : { state: 'fine', maxWarning: false };
  useEffect(() => {
    if (state === 'timed-out') void confirmEnd();
  }, [state, confirmEnd]);
  if (!info) return null;
  return (
    <>
      {maxWarning && (
        <div className="banner" role="alert">
          Your session ends in about {timeLeft(info.remainingSessionLifetime)} and cannot be extended. Save your work:
          you will need to sign in again.
        </div>
      )}
      {state === 'idle-warning' && !continued && (
        <IdleDialog
          info={info}
          onExtended={(extended) => {
            received(extended);
            setContinued(true);
          }}
          onTimedOut={onTimedOut}
          onLogout={onLogout}
        />
      )}
    </>
  );
}

function IdleDialog({
  info,
  onExtended,
  onTimedOut,
  onLogout,
}: {
  info: SessionInfo;
  onExtended: (info: SessionInfo) => void;
  onTimedOut: () => void;
  onLogout: () => void;
}) {
  const dialog = useModal();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const extend = async () => {
    setBusy(true);
    try {
      onExtended(await api('POST', '/api/auth/session/extend'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) onTimedOut();
      else setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <dialog ref={dialog} aria-labelledby="idle-title" onCancel={(event) => event.preventDefault()}>
      <h2 id="idle-title">Are you still there?</h2>
      <p>
        Your session ends in about {timeLeft(info.remainingIdleLifetime)} because of inactivity. Continue to keep
        working.
      </p>
      {error !== undefined && <ErrorMessage error={error} />}
      <div className="actions">
        <button type="button" className="primary" onClick={() => void extend()} disabled={busy} autoFocus>
          Continue
        </button>
        <button type="button" onClick={onLogout}>
          Log out
        </button>
      </div>
    </dialog>
  );
}
