/** Mason's API is served under this prefix, on the same origin as the web app by default. */
export const API_PREFIX = '/api';

/** SPEC.md 7's "{auth base}". */
export const AUTH_BASE = '/auth';

/**
 * Paths of the calls, relative to API_PREFIX. Client endpoints and server routes both use
 * these, so a path is written once. `:id`-style segments are Fastify's; the client fills them.
 */
export const ApiRoutes = {
  config: '/config',
  waitlist: '/waitlist',
  authorize: `${AUTH_BASE}/authorize`,
  authorizeGoogle: `${AUTH_BASE}/authorize/google`,
  logout: `${AUTH_BASE}/logout`,
  passwordReset: `${AUTH_BASE}/password-reset`,
  passwordResetConfirm: `${AUTH_BASE}/password-reset/confirm`,
  verifyEmail: `${AUTH_BASE}/verify-email`,
  resendVerification: `${AUTH_BASE}/verify-email/resend`,
  users: '/users',
  currentUser: '/users/current',
  activeSubscription: '/subscriptions/active',
  updateSubscription: '/subscriptions/update',
  cancelSubscription: '/subscriptions/cancel',
  reactivateSubscription: '/subscriptions/reactivate',
} as const;
