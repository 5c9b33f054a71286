import {
  useCreateBalanceCheckoutMutation,
  useCreateCreditsCheckoutMutation,
} from '@mason/api-client';
import {
  BALANCE_CHECKOUT_MAX_USD,
  BALANCE_CHECKOUT_MIN_USD,
  BalanceCheckoutRequestSchema,
  CREDITS_CHECKOUT_MAX,
  CREDITS_CHECKOUT_MIN,
  CreditsCheckoutRequestSchema,
} from '@mason/contract';
import { type BillingSummary, type PricingTable } from '@mason/contract/billing';
import { Panel } from '@mason/ui-kit';
import { formatMoney } from '../format/billing-format';
import type { OpenExternalUrl } from '../shared/external-url';
import { AmountCheckoutForm, type AmountCheck } from './amount-checkout-form';

export interface TopUpPanelProps {
  plan: BillingSummary['plan'];
  pricing: PricingTable;
  openExternalUrl: OpenExternalUrl;
}

/** The first message of a failed contract check, or the amount to send. */
function checked(
  result:
    { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } },
  amount: number,
  emptyMessage: string,
): AmountCheck {
  if (Number.isNaN(amount)) return { ok: false, message: emptyMessage };
  if (result.success) return { ok: true, amount };
  return { ok: false, message: result.error.issues[0]?.message ?? emptyMessage };
}

const whole = (value: number) => value.toLocaleString('en-US');

/** Lite and Pro buy credits; usage-based and free people add prepaid money to their balance. */
export function TopUpPanel({ plan, pricing, openExternalUrl }: TopUpPanelProps) {
  const [buyCredits] = useCreateCreditsCheckoutMutation();
  const [addBalance] = useCreateBalanceCheckoutMutation();
  const subscriber = plan === 'LITE' || plan === 'PRO';

  if (subscriber) {
    const price = pricing.creditPriceCents;
    return (
      <Panel
        title="Buy credits"
        titleAs="h2"
        description="Bought credits never expire and are used after this month’s plan credits."
      >
        <AmountCheckoutForm
          label="Credits to buy"
          name="credits"
          defaultAmount={1000}
          min={CREDITS_CHECKOUT_MIN}
          max={CREDITS_CHECKOUT_MAX}
          hint={`From ${whole(CREDITS_CHECKOUT_MIN)} to ${whole(CREDITS_CHECKOUT_MAX)} credits, ${formatMoney(price)} each.`}
          check={(credits) =>
            checked(
              CreditsCheckoutRequestSchema.safeParse({ credits }),
              credits,
              'Enter a number of credits.',
            )
          }
          submitLabel={(credits) => `Buy for ${formatMoney(Math.round(credits) * price)}`}
          startCheckout={(credits) => buyCredits({ credits }).unwrap()}
          openExternalUrl={openExternalUrl}
        />
      </Panel>
    );
  }
  return (
    <Panel
      title="Add to your balance"
      titleAs="h2"
      description="Your balance pays for AI use past this month’s free credits."
    >
      <AmountCheckoutForm
        label="Amount in US dollars"
        name="amountUsd"
        defaultAmount={20}
        min={BALANCE_CHECKOUT_MIN_USD}
        max={BALANCE_CHECKOUT_MAX_USD}
        prefix="$"
        hint={`From $${whole(BALANCE_CHECKOUT_MIN_USD)} to $${whole(BALANCE_CHECKOUT_MAX_USD)}.`}
        check={(amountUsd) =>
          checked(
            BalanceCheckoutRequestSchema.safeParse({ amountUsd }),
            amountUsd,
            'Enter an amount in dollars.',
          )
        }
        submitLabel={(amountUsd) => `Add ${formatMoney(Math.round(amountUsd) * 100)}`}
        startCheckout={(amountUsd) => addBalance({ amountUsd }).unwrap()}
        openExternalUrl={openExternalUrl}
      />
    </Panel>
  );
}
