import type { FastifyPluginAsync } from 'fastify';
import type { AuthContext } from './auth-context';
import { googleRoutes } from './auth/google.routes';
import { loginRoutes } from './auth/login.routes';
import { passwordResetRoutes } from './auth/password-reset.routes';
import { verifyEmailRoutes } from './auth/verify-email.routes';
import { usersRoutes } from './users/users.routes';

/** Every call of the accounts domain: sign-up and the current user, login, Google, password reset, e-mail verification. */
export const authRoutes: FastifyPluginAsync<{ ctx: AuthContext }> = async (api, { ctx }) => {
  for (const routes of [
    loginRoutes,
    googleRoutes,
    passwordResetRoutes,
    verifyEmailRoutes,
    usersRoutes,
  ]) {
    await api.register(routes, { ctx });
  }
};
