/** The console's frame: sign-in, who is signed in, the navigation, session monitoring and the page. */
import { Suspense, useCallback, useEffect, useState } from 'react';
import { api, ApiError, SESSION_LOST_EVENT } from './api/client';
import { ErrorMessage, Loading, messageOf } from './components/async';
import { NotificationBell } from './components/NotificationBell';
import { PageErrorBoundary } from './components/PageErrorBoundary';
import { pageRoutes, type PageRoute } from './pages/routes';
import { Link, matchPath, useLocation } from './router';
import { MeContext, type Me } from './session/me';
import { SessionMonitor } from './session/session-monitor';
import { SignInLinkNotice, SignInPage, TimedOutOverlay, type AuthConfig } from './session/sign-in';

type Boot = { config: AuthConfig; me: Me | null } | { error: unknown };

export function App() {
  const [boot, setBoot] = useState<Boot>();
  useEffect(() => {
    const me = api('GET', '/api/auth/me').catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    });
    Promise.all([api('GET', '/api/auth/config'), me]).then(
      ([config, signedIn]) => setBoot({ config, me: signedIn }),
      (error: unknown) => setBoot({ error }),
    );
  }, []);
  if (!boot) return <Loading what="Flowgate" />;
  if ('error' in boot) {
    return (
      <main>
        <h1>Flowgate is not reachable</h1>
        <ErrorMessage error={boot.error} />
      </main>
    );
  }
  if (!boot.me) return <SignInPage config={boot.config} />;
  return <SignedIn config={boot.config} me={boot.me} />;
}

function SignedIn({ config, me }: { config: AuthConfig; me: Me }) {
  const [timedOut, setTimedOut] = useState(false);
  const [logoutError, setLogoutError] = useState<unknown>();
  const onTimedOut = useCallback(() => setTimedOut(true), []);
  useEffect(() => {
    window.addEventListener(SESSION_LOST_EVENT, onTimedOut);
    return () => window.removeEventListener(SESSION_LOST_EVENT, onTimedOut);
  }, [onTimedOut]);
  const logout = useCallback(async () => {
    try {
      const { endSessionUrl } = await api('POST', '/api/auth/logout');
      window.location.assign(endSessionUrl ?? '/');
    } catch (error) {
      setLogoutError(error);
    }
  }, []);
  // Spec 8: monitoring needs the provider's lifetimes; development mode has none.
  const monitored = config.loginEnabled && me.via === 'session' && !timedOut;
  return (
    <MeContext.Provider value={me}>
      <Header me={me} onLogout={() => void logout()} />
      {logoutError !== undefined && <p className="error page-error">Logging out failed: {messageOf(logoutError)}</p>}
      {monitored && <SessionMonitor onTimedOut={onTimedOut} onLogout={() => void logout()} />}
      <main id="main">
        <SignInLinkNotice />
        <CurrentPage me={me} />
      </main>
      {timedOut && <TimedOutOverlay config={config} />}
    </MeContext.Provider>
  );
}

const offeredTo = (me: Me) => (route: PageRoute) =>
  route.anyOf.some((permission) => me.permissions.includes(permission));

function Header({ me, onLogout }: { me: Me; onLogout: () => void }) {
  const location = useLocation();
  const current = (location.split('?')[0] ?? '/').split('/')[1] ?? '';
  // Administration pages are listed on /admin, which is marked current while one of them is shown.
  const offered = pageRoutes.filter((route) => route.nav && !route.admin && offeredTo(me)(route));
  const section = pageRoutes.some((route) => route.admin && route.pattern.split('/')[1] === current)
    ? 'admin'
    : current;
  return (
    <header className="app-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Link to="/" className="brand">
        Flowgate
      </Link>
      <nav aria-label="Main">
        {offered.map((route) => (
          <Link key={route.pattern} to={route.pattern} current={route.pattern.split('/')[1] === section}>
            {route.nav}
          </Link>
        ))}
      </nav>
      <div className="user">
        <NotificationBell />
        <span className="user-name" title={me.email ?? undefined}>
          {me.displayName ?? me.email ?? me.id}
        </span>
        <button type="button" onClick={onLogout}>
          Log out
        </button>
      </div>
    </header>
  );
}

function CurrentPage({ me }: { me: Me }) {
  const location = useLocation();
  for (const route of pageRoutes) {
    const params = matchPath(route.pattern, location);
    if (!params) continue;
    if (!offeredTo(me)(route)) {
      return (
        <>
          <h1>Not available</h1>
          <p>Your roles ({me.roles.join(', ') || 'none'}) do not give access to this page.</p>
        </>
      );
    }
    // Pages load lazily (routes.tsx); a chunk that fails to load is a page failure like any other.
    return (
      <PageErrorBoundary key={location.split('?')[0]}>
        <Suspense fallback={<Loading what="the page" />}>{route.render(params)}</Suspense>
      </PageErrorBoundary>
    );
  }
  return <h1>Page not found</h1>;
}
