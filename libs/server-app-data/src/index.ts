// Public API of @mason/server-app-data: name every export.
export { AppAuth } from './lib/auth/app-auth';
export type { AppAuthOptions, AuthRequest, AuthResponse } from './lib/auth/app-auth';
export type { AuthDatabase } from './lib/auth/auth-service';
export type { AuthErrorCode } from './lib/auth/errors';
export { anonKey, verifyAppJwt } from './lib/auth/jwt';
export type { AppJwtClaims, AppJwtKeys } from './lib/auth/jwt';
export type { AppAuthLimits } from './lib/auth/rate-limits';
export { AUTH_BOOTSTRAP } from './lib/auth/schema';
