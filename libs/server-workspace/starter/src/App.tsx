import { useState } from 'react';
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
