// Public API of @mason/marketing: name every export.
export { LandingPage } from './lib/landing/landing-page';
export type { LandingPageProps } from './lib/landing/landing-page';
export { PricingPage } from './lib/pricing/pricing-page';
export type { PricingPageProps } from './lib/pricing/pricing-page';
export { WaitlistPage } from './lib/waitlist/waitlist-page';
export { PrivacyPolicyPage, TermsOfServicePage } from './lib/legal/legal-page';
export { ComingSoonPage } from './lib/coming-soon/coming-soon-page';
export type { ComingSoonPageProps } from './lib/coming-soon/coming-soon-page';
