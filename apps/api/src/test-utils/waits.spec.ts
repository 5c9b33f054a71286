import { readFileSync } from 'node:fs';
import path from 'node:path';
import { waitForMails, type OutboxMail } from './accounts';
import type { TestServer } from './test-app';
import { eventually, SERVER_WAIT_TIMEOUT_MS } from './waits';

/** jest's test timeout for every project (jest.preset.js). */
const testTimeout = Number(
  /testTimeout:\s*(\d+)/.exec(
    readFileSync(path.join(__dirname, '../../../../jest.preset.js'), 'utf8'),
  )?.[1],
);

// The helpers that wait for the server: they wait for what happens, however slow the machine,
// up to one bound below jest's test timeout, and then fail saying what did not happen.

const mail: OutboxMail = {
  to: 'ada@example.com',
  subject: 'Verify your e-mail address',
  text: 'Open http://mason.test/verify-email/abc',
  html: '',
  createdAt: '2025-01-15T10:00:00.000Z',
};

/** A server whose outbox answers `mails()` at the time it is asked. */
function outboxServer(mails: () => OutboxMail[]): TestServer {
  return {
    request: async () => ({ status: 200, headers: new Headers(), body: { messages: mails() } }),
  } as unknown as TestServer;
}

describe('the waits of the server tests', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('find an e-mail the server sends only after 6 s (a busy machine)', async () => {
    const start = Date.now();
    const server = outboxServer(() => (Date.now() - start >= 6_000 ? [mail] : []));
    const found = waitForMails(server, mail.to);
    await jest.advanceTimersByTimeAsync(7_000);
    await expect(found).resolves.toEqual([mail]);
  });

  it('fail, saying how many came, when fewer e-mails come than awaited', async () => {
    const found = waitForMails(
      outboxServer(() => [mail]),
      mail.to,
      2,
    );
    const failed = expect(found).rejects.toThrow(
      `Timed out after ${SERVER_WAIT_TIMEOUT_MS} ms waiting for 2 e-mail(s) to ada@example.com. Only 1 came.`,
    );
    await jest.advanceTimersByTimeAsync(SERVER_WAIT_TIMEOUT_MS + 1_000);
    await failed;
  });

  it('end inside jest’s test timeout, so a wait that never ends says what it waited for', async () => {
    expect(SERVER_WAIT_TIMEOUT_MS).toBeLessThan(testTimeout);
    const never = eventually('a log entry', async () => undefined);
    const failed = expect(never).rejects.toThrow('waiting for a log entry');
    await jest.advanceTimersByTimeAsync(SERVER_WAIT_TIMEOUT_MS + 1_000);
    await failed;
  });
});
