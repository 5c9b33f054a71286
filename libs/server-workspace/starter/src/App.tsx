import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { Layout } from './components/Layout';
import { Button } from './components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from './components/ui/card';

function HomePage() {
  const [count, setCount] = useState(0);
  return (
    <Card>
      <CardHeader>
        <h1 className="text-2xl font-bold tracking-tight">Your app starts here</h1>
        <CardDescription>
          Describe what you want in the chat, and it will be built right here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button type="button" onClick={() => setCount((value) => value + 1)}>
          Clicked {count} {count === 1 ? 'time' : 'times'}
        </Button>
      </CardContent>
    </Card>
  );
}

function AboutPage() {
  return (
    <Card>
      <CardHeader>
        <h1 className="text-2xl font-bold tracking-tight">About</h1>
        <CardDescription>
          A React and TypeScript app with two pages. Add more routes in src/App.tsx.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

function NotFoundPage() {
  return (
    <Card>
      <CardHeader>
        <h1 className="text-2xl font-bold tracking-tight">Page not found</h1>
        <CardDescription>
          There is nothing here.{' '}
          <Link to="/" className="text-primary underline underline-offset-4">
            Go to the home page
          </Link>
          .
        </CardDescription>
      </CardHeader>
    </Card>
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
