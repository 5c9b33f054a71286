import { lazy, Suspense } from 'react';
import { StyledDivider } from '../auth-layout/auth-layout';

// Loaded only when the server has Google sign-in configured.
const GoogleSignInButton = lazy(() =>
  import('./google-sign-in-button').then((module) => ({ default: module.GoogleSignInButton })),
);

export interface GoogleSignInOptionProps {
  /** The server's Google client id; null or undefined: no Google sign-in. */
  clientId: string | null | undefined;
}

/** "Continue with Google" and an "or" divider, when Google sign-in is configured. */
export function GoogleSignInOption({ clientId }: GoogleSignInOptionProps) {
  if (!clientId) return null;
  return (
    <Suspense fallback={null}>
      <GoogleSignInButton clientId={clientId} />
      <StyledDivider>or</StyledDivider>
    </Suspense>
  );
}
