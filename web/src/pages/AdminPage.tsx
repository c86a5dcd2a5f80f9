import { Link } from '../router';
import { useMe } from '../session/me';
import { pageRoutes } from './routes';
import './pages.css';

/**
 * `/admin`: the administration pages, listed here instead of in the top bar (which stays short on a
 * phone). Each route with an `admin` line in routes.tsx appears, to whoever is offered it.
 */
export function AdminPage() {
  const me = useMe();
  const pages = pageRoutes.filter(
    (route) => route.admin && route.anyOf.some((permission) => me.permissions.includes(permission)),
  );
  return (
    <section className="page">
      <h1>Admin</h1>
      <ul className="admin-pages">
        {pages.map((route) => (
          <li key={route.pattern}>
            <Link to={route.pattern}>{route.nav}</Link>
            <p className="hint">{route.admin}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
