import { useSelector } from 'react-redux';
import { selectIsAuthenticated } from '@mason/auth';
import { PricingPage } from '@mason/marketing';
import { paths } from '../paths';

/** A visitor choosing a plan signs up with it remembered; a signed-in person goes to billing. */
export default function Pricing() {
  const signedIn = useSelector(selectIsAuthenticated);
  return (
    <PricingPage
      freeHref={signedIn ? paths.dashboardProjects : paths.signup}
      planHref={(plan) =>
        signedIn ? `${paths.dashboardBilling}?plan=${plan}` : `${paths.signup}?plan=${plan}`
      }
      pricingHref={paths.pricing}
      privacyHref={paths.privacyPolicy}
      termsHref={paths.termsOfService}
    />
  );
}
