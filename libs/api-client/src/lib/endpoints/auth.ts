import {
  accountCallRoutes,
  type AuthTokenResponse,
  type GoogleLoginRequest,
  type LoginRequest,
  type OkResponse,
  type PasswordResetConfirm,
  type PasswordResetRequest,
  type SignupRequest,
  type VerifyEmailRequest,
} from '@mason/contract';
import { type ApiBuilder, baseApi, toOk, whenOk } from '../api';
import { callRequest } from '../call-request';
import { CURRENT } from '../tags';

/** Sign-in, sign-up, sign-out, password reset and e-mail verification (SPEC.md 7 authentication). */
export const authEndpoints = (build: ApiBuilder) => ({
  /** POST {auth base}/authorize. 403 -> 'Invalid email or password' (kind 'invalid-credentials'). */
  login: build.mutation<AuthTokenResponse, LoginRequest>({
    query: (body) => callRequest(accountCallRoutes.login, { body }),
  }),
  /** POST {auth base}/authorize/google. 403 -> kind 'signups-closed' (toasted). */
  loginWithGoogle: build.mutation<AuthTokenResponse, GoogleLoginRequest>({
    query: (body) => callRequest(accountCallRoutes.loginWithGoogle, { body }),
  }),
  /** POST /users: the new account, logged in at once (answers its token). */
  signup: build.mutation<AuthTokenResponse, SignupRequest>({
    query: (body) => callRequest(accountCallRoutes.signup, { body }),
  }),
  /** POST {auth base}/logout: revokes the token on the server. */
  logout: build.mutation<OkResponse, void>({
    query: () => callRequest(accountCallRoutes.logout),
    transformResponse: toOk,
  }),
  /** POST {auth base}/password-reset: answers the same whether or not the address has an account. */
  requestPasswordReset: build.mutation<OkResponse, PasswordResetRequest>({
    query: (body) => callRequest(accountCallRoutes.requestPasswordReset, { body }),
    transformResponse: toOk,
  }),
  /** POST {auth base}/password-reset/confirm */
  resetPassword: build.mutation<OkResponse, PasswordResetConfirm>({
    query: (body) => callRequest(accountCallRoutes.resetPassword, { body }),
    transformResponse: toOk,
  }),
  /** POST {auth base}/verify-email */
  verifyEmail: build.mutation<OkResponse, VerifyEmailRequest>({
    query: (body) => callRequest(accountCallRoutes.verifyEmail, { body }),
    transformResponse: toOk,
    invalidatesTags: whenOk(() => [{ type: 'User', id: CURRENT }]),
  }),
  /** POST {auth base}/verify-email/resend: a new link to the logged-in person's address. */
  resendVerificationEmail: build.mutation<OkResponse, void>({
    query: () => callRequest(accountCallRoutes.resendVerificationEmail),
    transformResponse: toOk,
  }),
});

/** The auth endpoints, injected into the one API slice when this module loads (code splitting). */
export const authApi = baseApi.injectEndpoints({ endpoints: authEndpoints });

export const {
  useLoginMutation,
  useLoginWithGoogleMutation,
  useSignupMutation,
  useLogoutMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
  useResendVerificationEmailMutation,
} = authApi;
