import { LandingPage } from '@mason/marketing';
import { paths } from '../paths';

export default function Landing() {
  return (
    <LandingPage
      signupHref={paths.signup}
      pricingHref={paths.pricing}
      privacyHref={paths.privacyPolicy}
      termsHref={paths.termsOfService}
    />
  );
}
