import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BILLING_ROUTES } from './stripe-billing-routes';
import { CATALOG_ROUTES } from './stripe-catalog-routes';
import { parseForm, type Form } from './stripe-form';
import { completeSession, renewDue, type Lifecycle } from './stripe-lifecycle';
import type { Json } from './stripe-objects';
import { checkoutPage, invoicePage, notFoundPage, receiptPage } from './stripe-pages';
import { StandInError, StandInState } from './stripe-state';
import { StandInWebhooks, type DeliveredEvent } from './stripe-webhooks-out';

export type { DeliveredEvent } from './stripe-webhooks-out';

export interface StripeStandInOptions {
  /** Where signed webhooks are POSTed; may also be set later with setWebhookUrl. */
  readonly webhookUrl?: string;
  /** The endpoint's signing secret (STRIPE_WEBHOOK_SECRET, e.g. `whsec_test`). */
  readonly webhookSecret: string;
}

/** One API call as the stand-in received it (for asserting what was asked). */
export interface StandInRequest {
  readonly method: string;
  readonly path: string;
  readonly params: Form;
}

/**
 * A loopback Stripe for tests: the real SDK talks to it over HTTP (point it at `apiBase`), it
 * keeps customers, products, prices, meters, checkout sessions, subscriptions, invoices and meter
 * events, and it sends signed webhooks to `webhookUrl` in Stripe's order, awaiting each answer.
 * Its checkout page (`apiBase/c/pay/cs_…`) completes the session on POST and then redirects to
 * the success URL (webhooks already delivered, so the page after it sees the payment).
 */
export interface StripeStandIn {
  /** http://127.0.0.1:PORT: STRIPE_API_BASE. */
  readonly apiBase: string;
  setWebhookUrl(url: string | null): void;
  /** Pays a checkout session as its page's Pay button does; resolves once webhooks are delivered. */
  completeCheckout(sessionId: string): Promise<void>;
  /** Moves the test clock; renews or ends the subscriptions whose period ended. */
  advance(ms: number): Promise<void>;
  /** The customer's next renewal is declined (invoice.payment_failed, subscription past_due). */
  failNextPayment(customerId: string): void;
  /** Every event sent so far, oldest first, with the answer of its last delivery. */
  events(): readonly DeliveredEvent[];
  /** Sends an event again, freshly signed; answers the receiver's status (null: unreachable). */
  redeliver(eventId: string): Promise<number | null>;
  /** The meter's usage so far, summed per customer (each identifier counted once). */
  meterEvents(): Readonly<Record<string, number>>;
  /** Every API call so far, oldest first. */
  requests(): readonly StandInRequest[];
  /** The test clock. */
  now(): Date;
  /** Resolves once every queued webhook is delivered (updates send theirs after answering). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const ROUTES = [...CATALOG_ROUTES, ...BILLING_ROUTES];

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: Json,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${Date.now()}`,
    ...headers,
  });
  response.end(JSON.stringify(body));
}

function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html);
}

/** Starts the stand-in on 127.0.0.1 and a free port; close it in afterAll. */
export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const state = new StandInState();
  const webhooks = new StandInWebhooks(options.webhookSecret, options.webhookUrl ?? null, () =>
    state.now(),
  );
  const requests: StandInRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      sendJson(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const life: Lifecycle = {
    state,
    apiBase,
    emit: (type, object, previous) => webhooks.emit(type, object, previous),
  };

  /** One API call: authenticated, replayed for a known Idempotency-Key, routed, answered. */
  async function api(request: IncomingMessage, response: ServerResponse, url: URL) {
    const raw = await bodyOf(request);
    const method = request.method ?? 'GET';
    if (!/^Bearer sk_\S+$/.test(request.headers.authorization ?? '')) {
      return sendJson(response, 401, {
        error: { type: 'invalid_request_error', message: 'You did not provide a valid API key.' },
      });
    }
    const params = parseForm(method === 'POST' ? raw : url.search.slice(1));
    requests.push({ method, path: url.pathname, params });
    const key = method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
    if (replay && replay.fingerprint !== fingerprint) {
      const message =
        'Keys for idempotent requests can only be used with the same parameters they were first used with.';
      return sendJson(response, 400, { error: { type: 'idempotency_error', message } });
    }
    if (replay)
      return sendJson(response, replay.status, replay.body, { 'idempotent-replayed': 'true' });
    const { status, body } = answer(method, url.pathname, params);
    if (typeof key === 'string' && status < 500) idempotent.set(key, { fingerprint, status, body });
    sendJson(response, status, body);
  }

  function answer(method: string, path: string, params: Form): { status: number; body: Json } {
    for (const route of ROUTES) {
      const match = route.method === method ? route.path.exec(path) : null;
      if (!match) continue;
      try {
        return {
          status: 200,
          body: route.handle({ ...life, params, id: decodeURIComponent(match[1] ?? '') }),
        };
      } catch (error) {
        if (error instanceof StandInError) return { status: error.status, body: error.toJson() };
        throw error;
      }
    }
    const unknown = new StandInError(404, `Unrecognized request URL (${method}: ${path}).`);
    return { status: 404, body: unknown.toJson() };
  }

  /** The hosted pages: checkout (GET shows, POST pays and redirects), invoices, receipts. */
  async function pages(request: IncomingMessage, response: ServerResponse, url: URL) {
    const [, kind, id] = /^\/(c\/pay|i|r)\/([^/]+)/.exec(url.pathname) ?? [];
    const session = kind === 'c/pay' ? state.sessions.get(id ?? '') : undefined;
    if (session && request.method === 'POST') {
      await bodyOf(request);
      if (session.status === 'open') completeSession(life, session);
      await webhooks.settled();
      response.writeHead(303, {
        location: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id),
      });
      return response.end();
    }
    const invoice = kind === 'i' ? state.invoices.get(id ?? '') : undefined;
    const payment =
      kind === 'r'
        ? [...state.payments.values()].find((found) => found.chargeId === id)
        : undefined;
    if (session) return sendHtml(response, 200, checkoutPage(session));
    if (invoice) return sendHtml(response, 200, invoicePage(invoice));
    if (payment) return sendHtml(response, 200, receiptPage(payment));
    sendHtml(response, 404, notFoundPage());
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', apiBase);
    if (url.pathname.startsWith('/v1/')) return api(request, response, url);
    return pages(request, response, url);
  }

  return {
    apiBase,
    setWebhookUrl: (url) => webhooks.setUrl(url),
    async completeCheckout(sessionId) {
      completeSession(life, state.find(state.sessions, 'checkout.session', sessionId));
      await webhooks.settled();
    },
    async advance(ms) {
      state.addToClock(Math.ceil(ms / 1000));
      renewDue(life);
      await webhooks.settled();
    },
    failNextPayment: (customerId) => void state.failNext.add(customerId),
    events: () => webhooks.events(),
    redeliver: (eventId) => webhooks.redeliver(eventId),
    meterEvents() {
      const sums: Record<string, number> = {};
      for (const event of state.meterEvents.values())
        sums[event.customer] = (sums[event.customer] ?? 0) + event.value;
      return sums;
    },
    requests: () => [...requests],
    now: () => new Date(state.now() * 1000),
    settled: () => webhooks.settled(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
