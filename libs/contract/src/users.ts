import * as z from 'zod/mini';
import { EmailSchema, NameFieldSchema, PasswordSchema } from './auth';

/** SPEC.md 3: User. emailVerified, hasPassword and createdAt are ours. */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailVerified: z.boolean(),
  /** False for an account made with Google that never chose a password. */
  hasPassword: z.boolean(),
  signupSource: z.nullable(z.string()),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** Where a person heard of Mason (asked once after signup, SPEC.md 7: PUT /users/current). */
export const SignupSourceSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Choose where you heard of Mason.'),
    z.maxLength(100, 'That answer is too long.'),
  );

/**
 * Why PUT /users/current refused the proof a change needs (400, fieldErrors.currentPassword):
 * a new password or e-mail address needs the current password; a new address of an account
 * without one needs a Google sign-in less than 5 minutes old.
 */
export const AccountProofMessages = {
  wrongPassword: 'Your current password is not right.',
  passwordForEmail: 'Enter your current password to change your e-mail address.',
  googleForEmail:
    'Your account has no password: sign in with Google again, then change your e-mail address within 5 minutes.',
} as const;

/**
 * PUT /users/current. SPEC.md names signupSource; the settings screen also changes names,
 * e-mail and password. A new password needs the current one; so does a new e-mail address (the
 * server checks that one, as only it knows the current address; an account without a password
 * needs a Google sign-in less than 5 minutes old instead).
 */
export const UpdateCurrentUserRequestSchema = z
  .object({
    firstName: z.optional(NameFieldSchema('first name')),
    lastName: z.optional(NameFieldSchema('last name')),
    email: z.optional(EmailSchema),
    signupSource: z.optional(SignupSourceSchema),
    currentPassword: z.optional(z.string().check(z.maxLength(128, 'Use at most 128 characters.'))),
    newPassword: z.optional(PasswordSchema),
  })
  .check(
    z.refine((body) => body.newPassword === undefined || (body.currentPassword ?? '').length > 0, {
      message: 'Enter your current password to set a new one.',
      path: ['currentPassword'],
    }),
  );
export type UpdateCurrentUserRequest = z.infer<typeof UpdateCurrentUserRequestSchema>;
