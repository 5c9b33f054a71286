// Public API of @mason/auth: name every export.
export { AuthPathsProvider, useAuthPaths } from './lib/auth-paths/auth-paths';
export type { AuthPaths, AuthPathsProviderProps } from './lib/auth-paths/auth-paths';
export { AuthGuard } from './lib/guard/auth-guard';
export type { AuthGuardProps } from './lib/guard/auth-guard';
export {
  initialSessionState,
  selectIsAuthenticated,
  selectSessionEmail,
  selectSessionStatus,
  selectSessionToken,
  sessionCleared,
  sessionSlice,
} from './lib/session/session-slice';
export type { SessionState, SessionStatus } from './lib/session/session-slice';
export { logout, restoreSession, startSession } from './lib/session/session-thunks';
export type { AuthDispatch, AuthRootState } from './lib/session/session-thunks';
export { destinationAfterLogin } from './lib/session/destination';
export type { AfterLoginTargets, Destination, FailedCheckout } from './lib/session/destination';
export { SessionAnalytics } from './lib/session/session-analytics';
export { ReferralCapture } from './lib/referral/referral-capture';
export { createSessionListener } from './lib/session/session-listener';
export { LoginScreen } from './lib/login/login-screen';
export { SignupScreen } from './lib/signup/signup-screen';
export { PasswordResetRequestScreen } from './lib/password-reset/password-reset-request-screen';
export { PasswordResetScreen } from './lib/password-reset/password-reset-screen';
export { VerifyEmailScreen } from './lib/verify-email/verify-email-screen';
export { VerifyEmailReminder } from './lib/verify-reminder/verify-email-reminder';
export { SettingsScreen } from './lib/settings/settings-screen';
export { GoogleCallbackScreen } from './lib/google/google-callback-screen';
export { AccountMenu } from './lib/account-menu/account-menu';
