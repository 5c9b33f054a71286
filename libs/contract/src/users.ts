import { z } from 'zod';
import { EmailSchema, NameFieldSchema, PasswordSchema } from './auth';

/** SPEC.md 3: User. emailVerified and createdAt are ours. */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailVerified: z.boolean(),
  signupSource: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** Where a person heard of Mason (asked once after signup, SPEC.md 7: PUT /users/current). */
export const SignupSourceSchema = z.string().trim().min(1).max(100);

/**
 * PUT /users/current. SPEC.md names signupSource; the settings screen also changes names,
 * e-mail and password. A new password needs the current one.
 */
export const UpdateCurrentUserRequestSchema = z
  .object({
    firstName: NameFieldSchema('first name').optional(),
    lastName: NameFieldSchema('last name').optional(),
    email: EmailSchema.optional(),
    signupSource: SignupSourceSchema.optional(),
    currentPassword: z.string().max(128).optional(),
    newPassword: PasswordSchema.optional(),
  })
  .refine((body) => body.newPassword === undefined || (body.currentPassword ?? '').length > 0, {
    message: 'Enter your current password to set a new one.',
    path: ['currentPassword'],
  });
export type UpdateCurrentUserRequest = z.infer<typeof UpdateCurrentUserRequestSchema>;
