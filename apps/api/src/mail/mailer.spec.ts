import { linkToken, mailsTo, signUp } from '../test-utils/accounts';
import { type FakeSmtp, startFakeSmtp } from '../test-utils/fake-smtp';
import { startTestApp, type TestApp } from '../test-utils/test-app';
import { mayLogMailLinks, passwordResetMessage } from '@mason/server-auth';

describe('with SMTP_URL, e-mails go to the SMTP server', () => {
  let smtp: FakeSmtp;
  let server: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    server = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'Mason <hello@mason.test>' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('sends the verification e-mail of a sign-up through SMTP, not the outbox', async () => {
    const account = await signUp(server, { firstName: 'Smtp' });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual([account.email]);
    expect(mail.from).toContain('hello@mason.test');
    expect(mail.data).toMatch(/Subject: Verify your e-mail address for Mason/);
    expect(mail.data.replace(/=\r\n/g, '')).toMatch(
      /http:\/\/mason\.test\/verify-email\/[A-Za-z0-9_-]{43}/,
    );
    expect(await mailsTo(server, account.email)).toEqual([]);
  });
});

/** A server without SMTP whose log lines are kept, listening as if on `host`. */
async function serverLoggingTo(host: string, lines: string[]): Promise<TestApp> {
  return startTestApp(
    { host, logLevel: 'info' },
    { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } },
  );
}

const mailLines = (lines: string[]) =>
  lines
    .map((line) => (JSON.parse(line) as { msg: string }).msg)
    .filter((message) => message.startsWith('E-mail to '));

describe('without SMTP, the outbox mailer', () => {
  it('logs the links of the e-mails when Mason listens on loopback only', async () => {
    const lines: string[] = [];
    const server = await serverLoggingTo('127.0.0.1', lines);
    try {
      const account = await signUp(server);
      const [mail] = await mailsTo(server, account.email);
      const link = `http://mason.test/verify-email/${linkToken(mail, 'verify-email')}`;
      expect(mailLines(lines)).toEqual([
        `E-mail to ${account.email}: Verify your e-mail address for Mason ${link}`,
      ]);
    } finally {
      await server.close();
    }
  });

  it('logs only the address and subject when Mason listens on other addresses', async () => {
    const lines: string[] = [];
    const server = await serverLoggingTo('0.0.0.0', lines);
    try {
      const account = await signUp(server);
      const [mail] = await mailsTo(server, account.email);
      expect(mailLines(lines)).toEqual([
        `E-mail to ${account.email}: Verify your e-mail address for Mason`,
      ]);
      // The link's secret appears nowhere in the log.
      expect(lines.join('\n')).not.toContain(linkToken(mail, 'verify-email'));
    } finally {
      await server.close();
    }
  });

  it('keeps links out of the log unless there is no SMTP server and the host is loopback', () => {
    for (const host of ['localhost', '127.0.0.1', '::1', '[::1]', 'LOCALHOST', '127.0.0.2'])
      expect(mayLogMailLinks({ smtpUrl: null, host })).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'mason.example.com', 'localhost.evil.com'])
      expect(mayLogMailLinks({ smtpUrl: null, host })).toBe(false);
    expect(mayLogMailLinks({ smtpUrl: 'smtp://mail:25', host: 'localhost' })).toBe(false);
  });
});

describe('e-mail templates', () => {
  it('escape names in the HTML part', () => {
    const mail = passwordResetMessage(
      'x@example.com',
      '<script>alert(1)</script>',
      'http://mason.test/password-reset/T',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('http://mason.test/password-reset/T');
  });
});
