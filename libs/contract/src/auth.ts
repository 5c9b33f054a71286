import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter your e-mail address.')
  .max(254, 'That e-mail address is too long.')
  .pipe(z.email('Enter a valid e-mail address.'));

/** Our password rules: 8 to 128 characters, at least one letter and one digit. */
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`)
  .regex(/[A-Za-z]/, 'Use at least one letter.')
  .regex(/[0-9]/, 'Use at least one digit.');

const NameSchema = (label: string) =>
  z.string().trim().min(1, `Enter your ${label}.`).max(100, `Your ${label} is too long.`);

export const ReferralCodeSchema = z.string().trim().max(64, 'That referral code is too long.');

/** POST {auth base}/authorize */
export const LoginRequestSchema = z.object({
  email: EmailSchema,
  // Login never enforces the rules of a new password: an old password must still work.
  password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** The answer of both login calls (SPEC.md 7: the response carries token). */
export const AuthTokenResponseSchema = z.object({ token: z.string().min(1) });
export type AuthTokenResponse = z.infer<typeof AuthTokenResponseSchema>;

/** POST {auth base}/authorize/google: a Google ID token and the referral_code cookie. */
export const GoogleLoginRequestSchema = z.object({
  token: z.string().min(1, 'Missing Google credential.').max(8192),
  referralCode: ReferralCodeSchema.optional(),
});
export type GoogleLoginRequest = z.infer<typeof GoogleLoginRequestSchema>;

/** POST /users */
export const SignupRequestSchema = z.object({
  firstName: NameSchema('first name'),
  lastName: NameSchema('last name'),
  email: EmailSchema,
  password: PasswordSchema,
  referralCode: ReferralCodeSchema.optional(),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

/** POST {auth base}/password-reset: always 204, whether or not the address has an account. */
export const PasswordResetRequestSchema = z.object({ email: EmailSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

const OneTimeTokenSchema = z.string().min(16, 'This link is not valid.').max(256, 'This link is not valid.');

/** POST {auth base}/password-reset/confirm */
export const PasswordResetConfirmSchema = z.object({ token: OneTimeTokenSchema, password: PasswordSchema });
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

/** POST {auth base}/verify-email */
export const VerifyEmailRequestSchema = z.object({ token: OneTimeTokenSchema });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

/** POST /waitlist: collects e-mails while sign-ups are closed. */
export const WaitlistRequestSchema = z.object({ email: EmailSchema });
export type WaitlistRequest = z.infer<typeof WaitlistRequestSchema>;

/** What a call that only succeeds answers (204 has no body; these carry a human sentence). */
export const OkResponseSchema = z.object({ ok: z.literal(true), message: z.string().optional() });
export type OkResponse = z.infer<typeof OkResponseSchema>;

export const NameFieldSchema = NameSchema;
