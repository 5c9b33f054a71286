import type { Session } from '@supabase/supabase-js';
import { useEffect, useState, type ReactNode } from 'react';
import { supabase } from '@/lib/supabase';
import { AuthScreen } from './auth-screen';

/** The signed-in person's session (null: nobody), and whether it is still being read. */
export function useSession(): { session: Session | null; loading: boolean } {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    void supabase.auth.getSession().then(({ data }) => {
      setSession(data.session);
      setLoading(false);
    });
    const { data } = supabase.auth.onAuthStateChange((_event, next) => setSession(next));
    return () => data.subscription.unsubscribe();
  }, []);
  return { session, loading };
}

export interface SignedInProps {
  /** The app's name, the sign-in screen's heading. */
  title: string;
  children: (session: Session) => ReactNode;
}

/**
 * Shows `children` to a signed-in person, and the kit's sign-in screen to anyone else:
 * `<SignedIn title="Notes">{(session) => <Notes user={session.user} />}</SignedIn>`.
 */
export function SignedIn({ title, children }: SignedInProps) {
  const { session, loading } = useSession();
  if (loading)
    return (
      <p role="status" className="p-6 text-sm text-muted-foreground">
        Loading…
      </p>
    );
  return session ? <>{children(session)}</> : <AuthScreen title={title} />;
}

/** Signs the person out (the session ends on this device). */
export async function signOut(): Promise<void> {
  await supabase.auth.signOut();
}
