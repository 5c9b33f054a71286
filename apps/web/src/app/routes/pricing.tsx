import { useSelector } from 'react-redux';
import { selectIsAuthenticated } from '@mason/auth';
import { usePricing, useSubscriptionStatus } from '@mason/billing';
import { planOfStatus } from '@mason/contract';
import { PricingPage } from '@mason/marketing';
import { paths } from '../paths';

/**
 * The server's prices. A visitor choosing a plan signs up with it remembered; a signed-in person
 * sees their plan marked and goes to billing.
 */
export default function Pricing() {
  const signedIn = useSelector(selectIsAuthenticated);
  const { pricing } = usePricing();
  const { status, isLoading } = useSubscriptionStatus({ skip: !signedIn });
  const currentPlan = signedIn && !isLoading ? planOfStatus[status] : null;
  return (
    <PricingPage
      pricing={pricing}
      currentPlan={currentPlan}
      currentPlanHref={paths.dashboardBilling}
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
