import { ApiRoutes } from '../routes';
import type { CallRoute } from './call-spec';

/**
 * What a client needs to send each call: method, path, time-out. The accounts calls' entries in
 * the table spread these. This module imports no schema: a browser's endpoints name their calls
 * by these without loading zod.
 */
export const accountCallRoutes = {
  getClientConfig: { method: 'GET', path: ApiRoutes.config },
  joinWaitlist: { method: 'POST', path: ApiRoutes.waitlist },
  login: { method: 'POST', path: ApiRoutes.authorize },
  loginWithGoogle: { method: 'POST', path: ApiRoutes.authorizeGoogle },
  logout: { method: 'POST', path: ApiRoutes.logout },
  requestPasswordReset: { method: 'POST', path: ApiRoutes.passwordReset },
  resetPassword: { method: 'POST', path: ApiRoutes.passwordResetConfirm },
  verifyEmail: { method: 'POST', path: ApiRoutes.verifyEmail },
  resendVerificationEmail: { method: 'POST', path: ApiRoutes.resendVerification },
  signup: { method: 'POST', path: ApiRoutes.users },
  getCurrentUser: { method: 'GET', path: ApiRoutes.currentUser },
  updateCurrentUser: { method: 'PUT', path: ApiRoutes.currentUser },
  getModels: { method: 'GET', path: ApiRoutes.models },
} as const satisfies Record<string, CallRoute>;
