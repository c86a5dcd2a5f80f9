/**
 * A small history-API router: the console has a handful of pages, each a path pattern.
 * The API serves index.html for every non-/api path, so deep links and reloads work.
 */
import { createContext, useContext, useEffect, useState, type MouseEvent, type ReactNode } from 'react';

const LocationContext = createContext<string>('/');

/** Asked before `navigate` leaves the page; answers whether to leave (an editor with unsaved edits). */
let leaveGuard: (() => boolean) | null = null;

export function setLeaveGuard(guard: (() => boolean) | null): void {
  leaveGuard = guard;
}

export function navigate(to: string): void {
  if (leaveGuard && !leaveGuard()) return;
  window.history.pushState(null, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export function RouterProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(currentLocation());
  useEffect(() => {
    const onChange = () => setLocation(currentLocation());
    window.addEventListener('popstate', onChange);
    return () => window.removeEventListener('popstate', onChange);
  }, []);
  return <LocationContext.Provider value={location}>{children}</LocationContext.Provider>;
}

/**
 * The path with its query. `/runs/` is `/runs`: the address bar is put right in place, so a link
 * with a trailing slash opens the page it means instead of an empty id.
 */
function currentLocation(): string {
  const { pathname, search } = window.location;
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  if (trimmed !== pathname) window.history.replaceState(null, '', trimmed + search);
  return trimmed + search;
}

/** The current path with its query, e.g. `/runs?status=failed`. */
export function useLocation(): string {
  return useContext(LocationContext);
}

/** Matches `/runs/:id` against a path; answers the named segments, or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const patternParts = pattern.split('/');
  const pathParts = (path.split('?')[0] ?? '').split('/');
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of patternParts.entries()) {
    const actual = pathParts[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

export function Link({
  to,
  children,
  className,
  current,
}: {
  to: string;
  children: ReactNode;
  className?: string;
  /** Marks the link as the page being shown (`aria-current="page"`). */
  current?: boolean;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
