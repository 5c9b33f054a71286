import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { supabase } from '@/lib/supabase';

export interface AuthScreenProps {
  /** The app's name: the screen's heading. */
  title: string;
  /** What signing in gives, under the heading. */
  description?: string;
}

/**
 * The kit's sign-in screen: e-mail and password, "Sign in" for an account, "Sign up" for a new
 * one (through supabase.auth). The reason of a refusal shows under the fields; the buttons wait
 * while it is asked. Signed in, the session changes and <SignedIn> shows the app.
 */
export function AuthScreen({
  title,
  description = 'Sign in, or sign up to start.',
}: AuthScreenProps) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'sign-in' | 'sign-up' | null>(null);
  const emailId = useId();
  const passwordId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const credentials = {
      email: String(form.get('email')),
      password: String(form.get('password')),
    };
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const action = submitter?.value === 'sign-up' ? 'sign-up' : 'sign-in';
    setBusy(action);
    setError('');
    const { error: failed } =
      action === 'sign-up'
        ? await supabase.auth.signUp(credentials)
        : await supabase.auth.signInWithPassword(credentials);
    setBusy(null);
    if (failed) setError(failed.message);
  }

  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 className="text-2xl font-semibold">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            aria-label="Sign in"
            className="grid gap-4"
            onSubmit={(event) => void submit(event)}
          >
            <div className="grid gap-2">
              <Label htmlFor={emailId}>Email</Label>
              <Input id={emailId} name="email" type="email" autoComplete="email" required />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={passwordId}>Password</Label>
              <Input
                id={passwordId}
                name="password"
                type="password"
                autoComplete="current-password"
                minLength={6}
                required
              />
            </div>
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <div className="flex gap-2">
              <Button type="submit" value="sign-in" disabled={busy !== null} className="flex-1">
                {busy === 'sign-in' ? 'Signing in…' : 'Sign in'}
              </Button>
              <Button
                type="submit"
                value="sign-up"
                variant="outline"
                disabled={busy !== null}
                className="flex-1"
              >
                {busy === 'sign-up' ? 'Signing up…' : 'Sign up'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
