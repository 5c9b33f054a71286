import { zodSchema } from 'ai';
import { z } from 'zod';

/** name_project takes a name of at most this many words. */
export const MAX_PROJECT_NAME_WORDS = 4;

/*
 * The tools' inputs, made once for the process: the AI SDK sends each model call the tools'
 * JSON schemas, and a schema wrapped here is converted to JSON once (its first call), not on
 * every call of every turn.
 */

export const NO_INPUT = zodSchema(z.object({}));

export const READ_FILE_INPUT = zodSchema(
  z.object({
    path: z.string().describe('Path relative to the project root, e.g. "src/App.tsx".'),
    fromLine: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('First line to show (1-based); for reading a long file in parts.'),
  }),
);

export const WRITE_FILE_INPUT = zodSchema(
  z.object({
    path: z
      .string()
      .describe('Path relative to the project root, e.g. "src/components/TodoList.tsx".'),
    content: z.string().describe('The complete new content of the file.'),
  }),
);

export const EDIT_FILE_INPUT = zodSchema(
  z.object({
    path: z.string().describe('Path relative to the project root.'),
    old_string: z
      .string()
      .describe('The exact text to replace; it must occur exactly once in the file.'),
    new_string: z.string().describe('The text to put in its place.'),
  }),
);

export const DELETE_FILE_INPUT = zodSchema(
  z.object({ path: z.string().describe('Path relative to the project root.') }),
);

export const SEARCH_FILES_INPUT = zodSchema(
  z.object({
    query: z.string().min(1).describe('The text to look for.'),
    path: z
      .string()
      .optional()
      .describe('Only search this file or the files under this folder, e.g. "src/components".'),
  }),
);

export const NAME_PROJECT_INPUT = zodSchema(
  z.object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .refine((name) => name.split(/\s+/).length <= MAX_PROJECT_NAME_WORDS, {
        message: `At most ${MAX_PROJECT_NAME_WORDS} words.`,
      })
      .describe('The name, e.g. "Reading List".'),
  }),
);

export const REQUEST_ENV_VARIABLE_INPUT = zodSchema(
  z.object({
    keys: z
      .array(
        z.object({
          key: z
            .string()
            .regex(
              /^[A-Za-z_][A-Za-z0-9_]*$/,
              'A key is letters, digits and underscores, e.g. STRIPE_SECRET_KEY.',
            )
            .max(128)
            .describe('The variable name, e.g. "OPENWEATHER_API_KEY".'),
          description: z
            .string()
            .min(1)
            .max(500)
            .describe('What it is and where the person finds it.'),
        }),
      )
      .min(1)
      .max(10),
    reason: z
      .string()
      .min(1)
      .max(1000)
      .describe('Why the app needs these, in one or two sentences for the person.'),
  }),
);
