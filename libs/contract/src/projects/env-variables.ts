import * as z from 'zod/mini';
import { IdSchema } from '../primitives';

export const EnvKeySchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Enter a key.'),
    z.maxLength(128, 'That key is too long.'),
    z.regex(
      /^[A-Za-z_][A-Za-z0-9_]*$/,
      'Use letters, digits and underscores, not starting with a digit.',
    ),
  );
/**
 * Variables whose key starts with this are built into the app's code, as Vite does
 * (`import.meta.env.VITE_*`): anyone who opens the app can read them. The others stay on Mason's
 * server and are never sent to the browser.
 */
export const VITE_ENV_PREFIX = 'VITE_';

/** True when the variable is built into the app's code (its key starts with VITE_ENV_PREFIX). */
export function isViteEnvKey(key: string): boolean {
  return key.startsWith(VITE_ENV_PREFIX);
}

export const EnvValueSchema = z.string().check(z.maxLength(32_768, 'That value is too long.'));

/** SPEC.md 3: an environment variable (key, value). */
export const EnvVariableSchema = z.object({ key: EnvKeySchema, value: EnvValueSchema });
export type EnvVariable = z.infer<typeof EnvVariableSchema>;

/** GET /projects/:id/env, sorted by key. */
export const EnvVariablesResponseSchema = z.object({ variables: z.array(EnvVariableSchema) });
export type EnvVariablesResponse = z.infer<typeof EnvVariablesResponseSchema>;

/** POST /projects/:id/env: sets (adds or replaces) one variable; answers it. */
export const SetEnvVariableRequestSchema = EnvVariableSchema;
export type SetEnvVariableRequest = z.infer<typeof SetEnvVariableRequestSchema>;

/** DELETE /projects/:id/env/:key */
export const EnvVariableParamsSchema = z.object({ id: IdSchema, key: EnvKeySchema });
export type EnvVariableParams = z.infer<typeof EnvVariableParamsSchema>;
