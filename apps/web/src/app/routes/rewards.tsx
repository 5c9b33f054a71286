import { RewardsScreen } from '@mason/billing';

/** /dashboard/rewards: the referral link, who joined through it, and the credits it earned. */
export default function Rewards() {
  return <RewardsScreen />;
}
