import { GithubAuthorizeUrlQuerySchema, isGithubConnected } from './github';
import { paidPlanOf } from './checkout-plans';
import { CheckoutRequestSchema, CreditsCheckoutRequestSchema } from './payments';

describe('payments', () => {
  it('sends PLUS as USAGE (SPEC.md 7) and never checks out FREE', () => {
    expect(paidPlanOf('PLUS')).toBe('USAGE');
    expect(paidPlanOf('PRO')).toBe('PRO');
    expect(
      CheckoutRequestSchema.safeParse({ type: paidPlanOf('PLUS'), referral: 'FRIEND' }).success,
    ).toBe(true);
    expect(CheckoutRequestSchema.safeParse({ type: 'FREE' }).success).toBe(false);
    expect(CheckoutRequestSchema.safeParse({ type: 'PLUS' }).success).toBe(false);
  });

  it('buys a whole number of credits within bounds', () => {
    expect(CreditsCheckoutRequestSchema.safeParse({ credits: 500 }).success).toBe(true);
    expect(CreditsCheckoutRequestSchema.safeParse({ credits: 10.5 }).success).toBe(false);
    expect(CreditsCheckoutRequestSchema.safeParse({ credits: 1 }).success).toBe(false);
  });
});

describe('code hosting', () => {
  it('is connected when the integration response is non-empty (SPEC.md 3)', () => {
    expect(isGithubConnected({ integration: null, configured: true })).toBe(false);
    expect(isGithubConnected(undefined)).toBe(false);
    expect(
      isGithubConnected({
        integration: {
          accountLogin: 'ada',
          avatarUrl: null,
          connectedAt: '2025-01-01T00:00:00.000Z',
        },
        configured: true,
      }),
    ).toBe(true);
  });

  it('asks for one of the three callback routes', () => {
    expect(GithubAuthorizeUrlQuerySchema.parse({ flow: 'WINDOW' })).toEqual({ flow: 'WINDOW' });
    expect(GithubAuthorizeUrlQuerySchema.safeParse({ flow: 'POPUP' }).success).toBe(false);
  });
});
