import { ApiCalls } from '@mason/contract';
import { callRoute, requestOrigin, requireSession } from '@mason/server-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BillingService } from './billing.service';
import { rewardsRoutes } from './rewards/rewards.routes';

/** SPEC.md 7's subscription and payment calls, the billing screen, the embedded checkout, rewards. */
export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (
  app,
  { billing },
) => {
  const userOf = (request: Parameters<typeof requireSession>[0]) => requireSession(request).user.id;

  app.route(
    callRoute(ApiCalls.getActiveSubscription, async (request) => ({
      subscription: await billing.activeSubscription(userOf(request)),
    })),
  );
  app.route(
    callRoute(ApiCalls.updateSubscription, async (request) => ({
      subscription: await billing.updateSubscription(userOf(request), request.body.type),
    })),
  );
  app.route(
    callRoute(ApiCalls.cancelSubscription, async (request) => ({
      subscription: await billing.cancelSubscription(userOf(request)),
    })),
  );
  app.route(
    callRoute(ApiCalls.reactivateSubscription, async (request) => ({
      subscription: await billing.reactivateSubscription(userOf(request)),
    })),
  );

  app.route(
    callRoute(ApiCalls.createCheckout, async (request) =>
      billing.startCheckout(
        userOf(request),
        {
          kind: 'SUBSCRIPTION',
          plan: request.body.type,
          ...(request.body.referral && { referral: request.body.referral }),
        },
        requestOrigin(request),
      ),
    ),
  );
  app.route(
    callRoute(ApiCalls.createCreditsCheckout, async (request) =>
      billing.startCheckout(
        userOf(request),
        { kind: 'CREDITS', credits: request.body.credits },
        requestOrigin(request),
      ),
    ),
  );
  app.route(
    callRoute(ApiCalls.createBalanceCheckout, async (request) =>
      billing.startCheckout(
        userOf(request),
        { kind: 'BALANCE', amountUsd: request.body.amountUsd },
        requestOrigin(request),
      ),
    ),
  );
  app.route(
    callRoute(ApiCalls.getTransactions, async (request) =>
      billing.transactions(userOf(request), requestOrigin(request)),
    ),
  );
  app.route(
    callRoute(ApiCalls.getBillingSummary, async (request) => billing.summary(userOf(request))),
  );

  app.route(
    callRoute(ApiCalls.getCheckoutSession, async (request) =>
      billing.getCheckout(userOf(request), request.params.id),
    ),
  );
  app.route(
    callRoute(ApiCalls.confirmCheckout, async (request) =>
      billing.confirmCheckout(userOf(request), request.params.id, requestOrigin(request)),
    ),
  );
  app.route(
    callRoute(ApiCalls.cancelCheckout, async (request) =>
      billing.cancelCheckout(userOf(request), request.params.id, requestOrigin(request)),
    ),
  );

  await app.register(rewardsRoutes, { rewards: billing.rewards });

  // Stripe signs the bytes it sent: this route reads its body raw, in a scope of its own.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    raw.route(
      callRoute(ApiCalls.stripeWebhook, async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await billing.stripeWebhook(body, typeof signature === 'string' ? signature : undefined);
        return { ok: true as const };
      }),
    );
  });
};
