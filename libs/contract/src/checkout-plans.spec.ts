import { isCheckoutPlan } from './checkout-plans';
import { CheckoutPlanSchema } from './enums';

describe('isCheckoutPlan', () => {
  it('takes exactly what CheckoutPlanSchema takes', () => {
    for (const value of ['LITE', 'PRO', 'USAGE', 'PLUS', 'FREE', 'pro', '', undefined, null, 3]) {
      expect(isCheckoutPlan(value)).toBe(CheckoutPlanSchema.safeParse(value).success);
    }
  });
});
