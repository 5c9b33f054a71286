import { lazy, Suspense } from 'react';
import { useSelector } from 'react-redux';
import { selectIsAuthenticated } from '@mason/auth';
import { LandingPage } from '@mason/marketing';
import { paths } from '../paths';

// Loaded only for a signed-in person: a visitor's landing page carries no project code.
const LandingPrompt = lazy(() => import('./landing-prompt'));

/** `/`: what Mason is; a signed-in person starts building from the prompt box right here. */
export default function Landing() {
  const signedIn = useSelector(selectIsAuthenticated);
  return (
    <LandingPage
      signupHref={paths.signup}
      pricingHref={paths.pricing}
      privacyHref={paths.privacyPolicy}
      termsHref={paths.termsOfService}
      start={
        signedIn ? (
          <Suspense fallback={null}>
            <LandingPrompt />
          </Suspense>
        ) : undefined
      }
    />
  );
}
