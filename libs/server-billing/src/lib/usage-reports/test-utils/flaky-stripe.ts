import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the next meter event calls fail: `refuse` answers 500 without passing the call on (Stripe
 * is down); `lose-answer` passes it on and answers 500 anyway (Stripe took it, the answer was
 * lost on the way back).
 */
export type MeterFailure = 'refuse' | 'lose-answer';

/**
 * A loopback proxy in front of the Stripe stand-in that passes every call on, except the meter
 * event calls it is told to fail. Its 500s say `Stripe-Should-Retry: false`, so the SDK gives
 * the failure to its caller at once instead of retrying it.
 */
export interface FlakyStripe {
  /** STRIPE_API_BASE for the provider under test. */
  readonly apiBase: string;
  failMeterEvents(failure: MeterFailure, times?: number): void;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFlakyStripe(target: string): Promise<FlakyStripe> {
  const failures: MeterFailure[] = [];
  const base = new URL(target);
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const body = await bodyOf(incoming);
      const isMeterEvent =
        incoming.method === 'POST' && incoming.url === '/v1/billing/meter_events';
      const failure = isMeterEvent ? failures.shift() : undefined;
      const fail = () => {
        outgoing.writeHead(500, {
          'content-type': 'application/json',
          'stripe-should-retry': 'false',
        });
        outgoing.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is down.' } }));
      };
      if (failure === 'refuse') return fail();
      const passed = httpRequest(
        {
          host: base.hostname,
          port: base.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: base.host },
        },
        (answer) => {
          void bodyOf(answer).then((answerBody) => {
            if (failure === 'lose-answer') return fail();
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            outgoing.end(answerBody);
          });
        },
      );
      passed.on('error', () => fail());
      passed.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failMeterEvents: (failure, times = 1) => {
      for (let i = 0; i < times; i += 1) failures.push(failure);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
