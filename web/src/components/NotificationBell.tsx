/**
 * The top bar's bell: the signed-in user's unread notification count, and a panel listing their
 * notifications (docs/console.md, "Notifications"). Shown only to holders of task:read, which the
 * notification routes require.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { api, type ResponseOf } from '../api/client';
import { Link, useLocation } from '../router';
import { useCan } from '../session/me';
import { ErrorMessage, Loading } from './async';
import { formatDateTime } from './format';
import { useAction } from './use-action';
import { TextWithUserNames } from './UserName';

type NotificationPage = ResponseOf<'GET', '/api/notifications'>;

/** The count is polled this often, and a navigation refreshes it only when it is older than this. */
const POLL_MS = 60_000;
const MIN_REFRESH_MS = 30_000;
const SHOWN = 20;

export function NotificationBell() {
  const can = useCan();
  return can('task:read') ? <Bell /> : null;
}

function Bell() {
  const location = useLocation();
  const [unread, setUnread] = useState<number>();
  const [open, setOpen] = useState(false);
  const lastCount = useRef(0);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const refreshCount = useCallback((force: boolean) => {
    if (!force && Date.now() - lastCount.current < MIN_REFRESH_MS) return;
    lastCount.current = Date.now();
    // A failed poll keeps the last count: the panel shows errors when the user opens it.
    api('GET', '/api/notifications/unread-count').then(
      (answer) => setUnread(answer.unread),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    const timer = window.setInterval(() => refreshCount(true), POLL_MS);
    return () => window.clearInterval(timer);
  }, [refreshCount]);
  useEffect(() => {
    refreshCount(false);
    setOpen(false);
  }, [location, refreshCount]);

  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  const count = unread ?? 0;
  const label = unread === undefined ? 'Notifications' : `Notifications, ${count} unread`;
  return (
    <div className="notification-bell">
      <button
        ref={button}
        type="button"
        className="bell-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {count > 0 && (
          <span className="bell-count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && <Panel id={panelId} onUnread={setUnread} onClose={close} />}
    </div>
  );
}

function Panel({ id, onUnread, onClose }: { id: string; onUnread: (count: number) => void; onClose: () => void }) {
  const [page, setPage] = useState<NotificationPage>();
  const [error, setError] = useState<unknown>();
  const action = useAction();
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = `${id}-heading`;

  const load = useCallback(async () => {
    try {
      const answer = await api('GET', '/api/notifications', { query: { pageSize: SHOWN } });
      setPage(answer);
      setError(undefined);
      onUnread(answer.unread);
    } catch (failure) {
      setError(failure);
    }
  }, [onUnread]);
  useEffect(() => {
    void load();
    heading.current?.focus();
  }, [load]);

  const markRead = (notification: string) =>
    void action.run(async () => {
      await api('POST', '/api/notifications/{id}/read', { path: { id: notification } });
      await load();
    });
  const markAll = () =>
    void action.run(async () => {
      await api('POST', '/api/notifications/read-all');
      await load();
    });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <section id={id} className="notification-panel" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <div className="notification-panel-head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          Notifications
        </h2>
        <button type="button" onClick={markAll} disabled={action.busy || !page || page.unread === 0}>
          Mark all as read
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {error !== undefined && <ErrorMessage error={error} />}
      {action.error !== undefined && <ErrorMessage error={action.error} />}
      {!page && error === undefined && <Loading what="notifications" />}
      {page && page.data.length === 0 && <p>You have no notifications.</p>}
      {page && page.data.length > 0 && (
        <ul className="notification-list">
          {page.data.map((item) => (
            <li key={item.id} className={item.readAt ? 'notification read' : 'notification unread'}>
              <p className="notification-subject">
                <strong>{item.subject ?? 'Notification'}</strong>
                {!item.readAt && <span className="notification-hidden"> (unread)</span>}
              </p>
              <p className="notification-message">
                <TextWithUserNames text={item.message} />
              </p>
              <p className="notification-meta">
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                {item.audience === 'role' && item.role && <span> · to {item.role}</span>}
                {item.runId && (
                  <>
                    {' · '}
                    <Link to={`/runs/${item.runId}`}>Open the run</Link>
                  </>
                )}
              </p>
              {!item.readAt && (
                <button
                  type="button"
                  onClick={() => markRead(item.id)}
                  disabled={action.busy}
                  aria-label={`Mark as read: ${item.subject ?? item.message}`}
                >
                  Mark as read
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {page && page.total > page.data.length && (
        <p className="notification-more">
          The {page.data.length} newest of {page.total} are shown.
        </p>
      )}
    </section>
  );
}
