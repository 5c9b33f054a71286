// Public API of @mason/server-auth: name every export.
export type { AuthConfig, AuthContext } from './lib/auth-context';
export { authRoutes } from './lib/auth-routes';
export { authenticate } from './lib/credentials/authenticate';
export { createGoogleVerifier } from './lib/auth/google-verifier';
export type { GoogleIdentity, GoogleVerifier } from './lib/auth/google-verifier';
export { hashPassword, verifyPassword } from './lib/credentials/passwords';
export { hashToken } from './lib/credentials/secret-tokens';
export { SessionLinks } from './lib/credentials/session-links';
export { forgetSessions, onSessionsRevoked } from './lib/credentials/sessions';
export type { Session } from './lib/credentials/sessions';
export { OutboxMailer, SmtpMailer, mayLogMailLinks } from './lib/mail/mailer';
export type { MailMessage, Mailer } from './lib/mail/mailer';
export { outboxRoutes } from './lib/mail/outbox.routes';
export { passwordResetMessage } from './lib/mail/templates';
export { waitlistRoutes } from './lib/waitlist.routes';
export { RateLimiter } from './lib/rate-limit/rate-limiter';
export type { RateLimitName, RateLimitRule, RateLimits } from './lib/rate-limit/rate-limiter';
