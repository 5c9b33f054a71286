import * as z from 'zod/mini';
import { EmailSchema, NameFieldSchema, PasswordSchema } from './auth';

/** SPEC.md 3: User. emailVerified and createdAt are ours. */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailVerified: z.boolean(),
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
 * PUT /users/current. SPEC.md names signupSource; the settings screen also changes names,
 * e-mail and password. A new password needs the current one.
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
