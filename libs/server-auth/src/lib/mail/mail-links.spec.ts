import { mayLogMailLinks } from './mailer';

describe('mayLogMailLinks', () => {
  it('logs e-mailed links only without SMTP, on an address nobody else can reach', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', ' LOCALHOST '])
      expect(mayLogMailLinks({ smtpUrl: null, host })).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.2', 'mason.example.com', 'localhost.evil.com'])
      expect(mayLogMailLinks({ smtpUrl: null, host })).toBe(false);
    expect(mayLogMailLinks({ smtpUrl: 'smtp://127.0.0.1:25', host: 'localhost' })).toBe(false);
  });
});
