import { PRODUCT_NAME } from '@mason/contract';
import type { MailMessage } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

function message(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: { label: string; url: string },
  footer: string,
): MailMessage {
  const text = [
    greeting,
    '',
    ...lines,
    '',
    `${action.label}: ${action.url}`,
    '',
    footer,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#18181b">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;border-radius:8px;background:#18181b;color:#fafafa;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#71717a;font-size:13px">${escapeHtml(footer)}<br>${escapeHtml(action.url)}</p>
<p>— ${escapeHtml(PRODUCT_NAME)}</p>
</body></html>`;
  return { to, subject, text, html };
}

export function verifyEmailMessage(to: string, firstName: string, link: string): MailMessage {
  return message(
    to,
    `Verify your e-mail address for ${PRODUCT_NAME}`,
    `Hi ${firstName || 'there'},`,
    [`Please confirm that ${to} is your e-mail address. The link works for 24 hours.`],
    { label: 'Verify my e-mail address', url: link },
    `If you did not sign up for ${PRODUCT_NAME}, ignore this e-mail.`,
  );
}

export function passwordResetMessage(to: string, firstName: string, link: string): MailMessage {
  return message(
    to,
    `Reset your ${PRODUCT_NAME} password`,
    `Hi ${firstName || 'there'},`,
    ['Someone asked to reset the password of your account. The link works for one hour, once.'],
    { label: 'Choose a new password', url: link },
    'If it was not you, ignore this e-mail: your password stays the same.',
  );
}
