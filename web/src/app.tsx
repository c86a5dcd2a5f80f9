/** The console's frame: who is signed in, the navigation, and the page for the current path. */
import { useEffect, useState } from 'react';
import { api, ApiError } from './api/client';
import { pageRoutes } from './pages/routes';
import { Link, matchPath, useLocation } from './router';
import { MeContext, type Me } from './session/me';

export function App() {
  const [me, setMe] = useState<Me | null | 'signed-out'>(null);
  useEffect(() => {
    api<Me>('GET', '/api/auth/me').then(setMe, (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) setMe('signed-out');
      else throw error;
    });
  }, []);
  if (me === null) return <p>Loading…</p>;
  if (me === 'signed-out') return <p>Signed out</p>;
  return (
    <MeContext.Provider value={me}>
      <Navigation me={me} />
      <main>
        <CurrentPage />
      </main>
    </MeContext.Provider>
  );
}

function Navigation({ me }: { me: Me }) {
  const offered = pageRoutes.filter((route) => route.nav && route.anyOf.some((p) => me.permissions.includes(p)));
  return (
    <nav aria-label="Main">
      {offered.map((route) => (
        <Link key={route.pattern} to={route.pattern}>
          {route.nav}
        </Link>
      ))}
    </nav>
  );
}

function CurrentPage() {
  const location = useLocation();
  for (const route of pageRoutes) {
    const params = matchPath(route.pattern, location);
    if (params) return route.render(params);
  }
  return <h1>Page not found</h1>;
}
