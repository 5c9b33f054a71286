import type { Executor, VersionRow } from '@mason/server-db';
import { putBlobs } from './blobs';
import { createVersionIn, latestVersionIn, lockProject } from './version-store';

/**
 * Packages every preview page loads once and shares (through an import map): React must be one
 * instance per page, and the router with it.
 */
export const SHARED_RUNTIME_PACKAGES: readonly string[] = Object.freeze([
  'react',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react/jsx-runtime',
]);

/**
 * Packages bundled into each app's preview build, tree-shaken (only the icons an app uses): the
 * few that generated React apps commonly need.
 */
export const BUNDLED_RUNTIME_PACKAGES: readonly string[] = Object.freeze([
  'clsx',
  'tailwind-merge',
  'lucide-react',
]);

/**
 * The packages a generated app may import: the preview bundler provides exactly these, and the
 * agent's system prompt lists them. Anything else is reported by the compile check.
 */
export const RUNTIME_PACKAGES: readonly string[] = Object.freeze([
  ...SHARED_RUNTIME_PACKAGES,
  ...BUNDLED_RUNTIME_PACKAGES,
]);

const packageJson = `{
  "name": "mason-app",
  "private": true,
  "version": "0.1.0",
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "tsc --noEmit && vite build",
    "preview": "vite preview"
  },
  "dependencies": {
    "react": "^19.3.1",
    "react-dom": "^19.3.1",
    "react-router": "^7.18.5",
    "clsx": "^2.1.1",
    "tailwind-merge": "^3.7.0",
    "lucide-react": "^1.73.0"
  },
  "devDependencies": {
    "@types/react": "^19.3.0",
    "@types/react-dom": "^19.3.0",
    "@vitejs/plugin-react": "^6.3.0",
    "typescript": "~6.0.3",
    "vite": "^8.3.8"
  }
}
`;

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>My app</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`;

const tsconfigJson = `{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2023", "DOM", "DOM.Iterable"],
    "module": "ESNext",
    "moduleResolution": "bundler",
    "jsx": "react-jsx",
    "strict": true,
    "noEmit": true,
    "isolatedModules": true,
    "skipLibCheck": true,
    "noUnusedLocals": true,
    "noUnusedParameters": true,
    "noFallthroughCasesInSwitch": true,
    "types": ["vite/client"],
    "baseUrl": ".",
    "paths": { "@/*": ["src/*"] }
  },
  "include": ["src", "vite.config.ts"]
}
`;

const viteConfig = `import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
});
`;

const viteEnv = `/// <reference types="vite/client" />
`;

const mainTsx = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html needs an element with id="root".');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
`;

const appTsx = `import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { Layout } from './components/Layout';

function HomePage() {
  const [count, setCount] = useState(0);
  return (
    <section className="card">
      <h1>Your app starts here</h1>
      <p>Describe what you want in the chat, and it will be built right here.</p>
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        Clicked {count} {count === 1 ? 'time' : 'times'}
      </button>
    </section>
  );
}

function AboutPage() {
  return (
    <section className="card">
      <h1>About</h1>
      <p>A React and TypeScript app with two pages. Add more routes in src/App.tsx.</p>
    </section>
  );
}

function NotFoundPage() {
  return (
    <section className="card">
      <h1>Page not found</h1>
      <p>
        There is nothing here. <Link to="/">Go to the home page</Link>.
      </p>
    </section>
  );
}

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
`;

const layoutTsx = `import { NavLink, Outlet } from 'react-router';

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
`;

const indexCss = `:root {
  color-scheme: light dark;
  --background: #f8fafc;
  --surface: #ffffff;
  --text: #0f172a;
  --muted: #475569;
  --border: #e2e8f0;
  --accent: #4f46e5;
  --accent-text: #ffffff;
  --radius: 12px;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.5;
}

@media (prefers-color-scheme: dark) {
  :root {
    --background: #0b1120;
    --surface: #111827;
    --text: #f1f5f9;
    --muted: #94a3b8;
    --border: #1f2937;
    --accent: #818cf8;
    --accent-text: #0b1120;
  }
}

* {
  box-sizing: border-box;
}

body {
  margin: 0;
  background: var(--background);
  color: var(--text);
}

a {
  color: var(--accent);
}

button {
  font: inherit;
  padding: 0.6rem 1.1rem;
  border: none;
  border-radius: var(--radius);
  background: var(--accent);
  color: var(--accent-text);
  cursor: pointer;
}

button:focus-visible,
a:focus-visible {
  outline: 3px solid var(--accent);
  outline-offset: 2px;
}

.layout {
  min-height: 100vh;
  display: flex;
  flex-direction: column;
}

.header {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding: 1rem 1.5rem;
  border-bottom: 1px solid var(--border);
  background: var(--surface);
}

.brand {
  font-weight: 700;
}

.nav-link {
  margin-left: 1rem;
  color: var(--muted);
  text-decoration: none;
}

.nav-link.active {
  color: var(--text);
  font-weight: 600;
}

.main {
  flex: 1;
  width: 100%;
  max-width: 960px;
  margin: 0 auto;
  padding: 2rem 1.5rem;
}

.card {
  padding: 2rem;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
}

.card p {
  color: var(--muted);
}
`;

const readme = `# My app

Built with Mason: a React 19 and TypeScript app in the Vite layout.

- \`src/main.tsx\` starts the app; \`src/App.tsx\` holds the routes; \`src/components/\` the parts
  pages share; \`src/index.css\` the colours (light and dark) as CSS variables.
- Run it yourself: \`npm install\`, then \`npm run dev\`. Build it with \`npm run build\`.
`;

/** The app every new project starts from (version 0): path -> text. */
export const TEMPLATE_FILES: Readonly<Record<string, string>> = Object.freeze({
  'README.md': readme,
  'index.html': indexHtml,
  'package.json': packageJson,
  'src/App.tsx': appTsx,
  'src/components/Layout.tsx': layoutTsx,
  'src/index.css': indexCss,
  'src/main.tsx': mainTsx,
  'src/vite-env.d.ts': viteEnv,
  'tsconfig.json': tsconfigJson,
  'vite.config.ts': viteConfig,
});

/**
 * Writes the template as the project's version 0 (no task). Throws when the project already has
 * a version: a project starts from the template once.
 */
export async function createProjectFromTemplate(
  executor: Executor,
  projectId: string,
  options: { summary: string },
): Promise<VersionRow> {
  const paths = Object.keys(TEMPLATE_FILES).sort();
  const hashes = await putBlobs(
    executor,
    paths.map((path) => TEMPLATE_FILES[path]),
  );
  return executor.transaction(async (tx) => {
    await lockProject(tx, projectId);
    if (await latestVersionIn(tx, projectId)) {
      throw new Error(
        `Project ${projectId} already has files; the template is only its first version.`,
      );
    }
    return createVersionIn(tx, {
      projectId,
      manifest: Object.fromEntries(paths.map((path, position) => [path, hashes[position]])),
      summary: options.summary,
      taskId: null,
      parentVersionId: null,
    });
  });
}
