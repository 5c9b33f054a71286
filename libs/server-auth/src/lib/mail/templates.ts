import { PRODUCT_NAME } from '@mason/contract';
import type { MailMessage } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** A mail of paragraphs, with at most one button (`action`: its link is repeated in the footer). */
function message(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: { label: string; url: string } | null,
  footer: string,
): MailMessage {
  const text = [
    greeting,
    '',
    ...lines,
    '',
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footer,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;border-radius:8px;background:#18181b;color:#fafafa;text-decoration:none">${escapeHtml(action.label)}</a></p>\n`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#18181b">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${button}<p style="color:#71717a;font-size:13px">${escapeHtml(footer)}${action ? `<br>${escapeHtml(action.url)}` : ''}</p>
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

/**
 * Google signed in to an account whose address nobody had confirmed: someone else may have signed
 * up with it. Mason ended its sessions and removed its password; this tells the owner why, and
 * how to choose a password of their own.
 */
export function accountSecuredMessage(
  to: string,
  firstName: string,
  link: string,
  resetPageUrl: string,
): MailMessage {
  return message(
    to,
    `We secured your ${PRODUCT_NAME} account`,
    `Hi ${firstName || 'there'},`,
    [
      `You just signed in to ${PRODUCT_NAME} with Google as ${to}. An account with this address already existed, but nobody had confirmed the address: someone else may have signed up with it.`,
      'So that only you can use the account now, we ended every session of it and removed the password it had. Look through its projects: anything you do not recognise was made before you signed in.',
      'You can keep signing in with Google. To log in with a password as well, choose one with this link. It works for one hour, once.',
    ],
    { label: 'Choose a password', url: link },
    `If the link has expired, ask for a new one here: ${resetPageUrl}`,
  );
}

/** To the old address after a change of the account's e-mail address. */
export function emailChangedMessage(
  to: string,
  firstName: string,
  newEmail: string,
  supportEmail: string,
): MailMessage {
  return message(
    to,
    `Your ${PRODUCT_NAME} e-mail address was changed`,
    `Hi ${firstName || 'there'},`,
    [
      `The e-mail address of your ${PRODUCT_NAME} account was changed from ${to} to ${newEmail}. From now on you log in with ${newEmail}, and our e-mails go there.`,
      'If you made this change, there is nothing else to do.',
      `If you did not, someone who knew your password (or could sign in to your Google account) has taken the account. Write to ${supportEmail} from this address at once: this e-mail shows that the account was yours. Then change that password wherever else you use it.`,
    ],
    null,
    `You get this e-mail because ${to} was the address of a ${PRODUCT_NAME} account.`,
  );
}
