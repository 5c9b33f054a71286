// The contract schemas of the sign-in pages' forms, in a chunk of their own (zod comes with
// them): load-auth-form-schema.ts imports this module only when a person first types or submits.
export {
  LoginRequestSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  SignupRequestSchema,
} from '@mason/contract';
