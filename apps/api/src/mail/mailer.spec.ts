import { createTestDatabase, type TestDatabase } from '@mason/server-db/testing';
import { mailsTo, signUp, uniqueEmail } from '../test-utils/accounts';
import { type FakeSmtp, startFakeSmtp } from '../test-utils/fake-smtp';
import { startTestApp, type TestApp } from '../test-utils/test-app';
import { OutboxMailer } from './mailer';
import { passwordResetMessage } from './templates';

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

describe('without SMTP, the outbox mailer', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('stores the e-mail and logs a line with its link', async () => {
    const lines: string[] = [];
    const mailer = new OutboxMailer(database.db, {
      info: (_fields: object, line: string) => lines.push(line),
    } as never);
    const to = uniqueEmail('reader');
    await mailer.send(
      passwordResetMessage(to, 'Reader', 'http://mason.test/password-reset/TOKEN123'),
    );
    expect(lines).toEqual([
      `E-mail to ${to}: Reset your Mason password http://mason.test/password-reset/TOKEN123`,
    ]);
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
