import { NavLink, Outlet } from 'react-router';
import { cn } from '@/lib/utils';

const links = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
];

/** The frame of every page: a header with the navigation, then the page itself. */
export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between gap-4 border-b bg-card px-6 py-4">
        <span className="font-bold">My app</span>
        <nav aria-label="Main" className="flex gap-4">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end
              className={({ isActive }) =>
                cn(
                  'text-sm text-muted-foreground transition-colors hover:text-foreground',
                  isActive && 'font-semibold text-foreground',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main className="mx-auto w-full max-w-4xl flex-1 px-6 py-8">
        <Outlet />
      </main>
    </div>
  );
}
