import { NavLink, Outlet } from 'react-router';

const links = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
];

/** The frame of every page: a header with the navigation, then the page itself. */
export function Layout() {
  return (
    <div className="layout">
      <header className="header">
        <span className="brand">My app</span>
        <nav aria-label="Main">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end className="nav-link">
              {link.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main className="main">
        <Outlet />
      </main>
    </div>
  );
}
