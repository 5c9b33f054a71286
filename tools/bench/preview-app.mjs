// The generated app the preview benchmarks build and show: a React + react-router app in the
// template's layout (index.html, src/main.tsx, src/App.tsx, src/components/, src/index.css) with
// `size` components in a tree (each imports and renders up to two others), every one with text
// and every fifth with state, so one page renders them all.
//
// `componentPath(i)` names a component's file; `componentSource(i, size, text)` is its source with
// `text` as its sentence, so a benchmark edits one file by writing it again with another text.

const pad = (index) => String(index).padStart(3, '0');

export const componentName = (index) => `Widget${pad(index)}`;
export const componentPath = (index) => `src/components/${componentName(index)}.tsx`;

/** The counter every benchmark clicks: it lives in the root component, the page's first part. */
export const COUNTER_LABEL = 'Count';
/** The first text the app paints (the cold-paint benchmarks wait for it). */
export const FIRST_TEXT = 'Preview benchmark app';

const children = (index, size) => [2 * index + 1, 2 * index + 2].filter((child) => child < size);

export const defaultText = (index) => `Widget ${index} shows its part of the app.`;

/** A component's source: its sentence, its children, and state in every fifth one. */
export function componentSource(index, size, text = defaultText(index)) {
  const name = componentName(index);
  const kids = children(index, size);
  const imports = kids.map(
    (child) => `import { ${componentName(child)} } from './${componentName(child)}';`,
  );
  const stateful = index % 5 === 0;
  const hooks = stateful ? `  const [open, setOpen] = useState(${index % 2 === 0});\n` : '';
  const toggle = stateful
    ? `      <button type="button" onClick={() => setOpen((value) => !value)}>\n        {open ? 'Hide' : 'Show'} details\n      </button>\n      {open && <small>Details of widget ${index}.</small>}\n`
    : '';
  const counter = index === 0 ? `  const [count, setCount] = useState(0);\n` : '';
  const counterButton =
    index === 0
      ? `      <button type="button" data-testid="counter" onClick={() => setCount((value) => value + 1)}>\n        ${COUNTER_LABEL} {count}\n      </button>\n`
      : '';
  return [
    stateful || index === 0 ? `import { useState } from 'react';\n` : '',
    ...imports.map((line) => `${line}\n`),
    `\n/** Part ${index} of the benchmark app. */\n`,
    `export function ${name}() {\n`,
    counter,
    hooks,
    `  return (\n`,
    `    <section className="widget" data-widget="${index}">\n`,
    `      <h3>${name}</h3>\n`,
    `      <p data-text="${index}">${text}</p>\n`,
    counterButton,
    toggle,
    ...kids.map((child) => `      <${componentName(child)} />\n`),
    `    </section>\n`,
    `  );\n`,
    `}\n`,
  ].join('');
}

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Benchmark app</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
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

const appTsx = `import { Link, Route, Routes } from 'react-router';
import { ${componentName(0)} } from './components/${componentName(0)}';

function HomePage() {
  return (
    <main>
      <h1>${FIRST_TEXT}</h1>
      <${componentName(0)} />
    </main>
  );
}

function AboutPage() {
  return (
    <main>
      <h1>About</h1>
      <Link to="/">Home</Link>
    </main>
  );
}

export function App() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      <Route path="about" element={<AboutPage />} />
    </Routes>
  );
}
`;

export const indexCss = (accent = '#4f46e5') => `body {
  margin: 0;
  font-family: system-ui, sans-serif;
  color: #0f172a;
}

.widget {
  margin: 4px 0 4px 12px;
  padding: 4px 8px;
  border-left: 2px solid ${accent};
}
`;

const packageJson = `{
  "name": "mason-bench-app",
  "private": true,
  "type": "module",
  "dependencies": { "react": "^19.3.1", "react-dom": "^19.3.1", "react-router": "^7.18.5" }
}
`;

/** Every file of an app of `size` components: project path to text. */
export function generateApp(size) {
  const files = {
    'index.html': indexHtml,
    'package.json': packageJson,
    'src/main.tsx': mainTsx,
    'src/App.tsx': appTsx,
    'src/index.css': indexCss(),
  };
  for (let index = 0; index < size; index += 1)
    files[componentPath(index)] = componentSource(index, size);
  return files;
}
