import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, REFERRAL_CODE_MAX_LENGTH } from './constants';

export const EmailSchema = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, 'Enter your e-mail address.'),
      z.maxLength(254, 'That e-mail address is too long.'),
    ),
  z.email('Enter a valid e-mail address.'),
);

/** Our password rules: 8 to 128 characters, at least one letter and one digit. */
export const PasswordSchema = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`),
    z.regex(/[A-Za-z]/, 'Use at least one letter.'),
    z.regex(/[0-9]/, 'Use at least one digit.'),
  );

const NameSchema = (label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `Enter your ${label}.`),
      z.maxLength(100, `Your ${label} is too long.`),
    );

export const ReferralCodeSchema = z
  .string()
  .check(z.trim(), z.maxLength(REFERRAL_CODE_MAX_LENGTH, 'That referral code is too long.'));

/** POST {auth base}/authorize */
export const LoginRequestSchema = z.object({
  email: EmailSchema,
  // Login never enforces the rules of a new password: an old password must still work.
  password: z
    .string()
    .check(
      z.minLength(1, 'Enter your password.'),
      z.maxLength(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`),
    ),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** The answer of both login calls (SPEC.md 7: the response carries token). */
export const AuthTokenResponseSchema = z.object({ token: z.string().check(z.minLength(1)) });
export type AuthTokenResponse = z.infer<typeof AuthTokenResponseSchema>;

/** POST {auth base}/authorize/google: a Google ID token and the referral_code cookie. */
export const GoogleLoginRequestSchema = z.object({
  token: z.string().check(z.minLength(1, 'Missing Google credential.'), z.maxLength(8192)),
  referralCode: z.optional(ReferralCodeSchema),
});
export type GoogleLoginRequest = z.infer<typeof GoogleLoginRequestSchema>;

/** POST /users */
export const SignupRequestSchema = z.object({
  firstName: NameSchema('first name'),
  lastName: NameSchema('last name'),
  email: EmailSchema,
  password: PasswordSchema,
  referralCode: z.optional(ReferralCodeSchema),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

/** POST {auth base}/password-reset: always 204, whether or not the address has an account. */
export const PasswordResetRequestSchema = z.object({ email: EmailSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

const OneTimeTokenSchema = z
  .string()
  .check(z.minLength(16, 'This link is not valid.'), z.maxLength(256, 'This link is not valid.'));

/** POST {auth base}/password-reset/confirm */
export const PasswordResetConfirmSchema = z.object({
  token: OneTimeTokenSchema,
  password: PasswordSchema,
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

/** POST {auth base}/verify-email */
export const VerifyEmailRequestSchema = z.object({ token: OneTimeTokenSchema });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

/** POST /waitlist: collects e-mails while sign-ups are closed. */
export const WaitlistRequestSchema = z.object({ email: EmailSchema });
export type WaitlistRequest = z.infer<typeof WaitlistRequestSchema>;

/** What a call that only succeeds answers (204 has no body; these carry a human sentence). */
export const OkResponseSchema = z.object({ ok: z.literal(true), message: z.optional(z.string()) });
export type OkResponse = z.infer<typeof OkResponseSchema>;

export const NameFieldSchema = NameSchema;
