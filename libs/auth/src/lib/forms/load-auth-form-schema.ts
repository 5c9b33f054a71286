/**
 * Loaders of the sign-in pages' form schemas for useLazyContractForm: /login, /signup and the
 * password reset pages load no zod until the person types.
 */
const schemas = () => import('./auth-form-schemas');

export const loadLoginSchema = () => schemas().then((loaded) => loaded.LoginRequestSchema);
export const loadSignupSchema = () => schemas().then((loaded) => loaded.SignupRequestSchema);
export const loadPasswordResetRequestSchema = () =>
  schemas().then((loaded) => loaded.PasswordResetRequestSchema);
export const loadPasswordResetConfirmSchema = () =>
  schemas().then((loaded) => loaded.PasswordResetConfirmSchema);
