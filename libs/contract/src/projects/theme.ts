import * as z from 'zod/mini';
import { VersionSchema } from '../versions';

/** The base colours a generated app's theme can start from (shadcn/ui's vocabulary). */
export const ThemeNameSchema = z.enum([
  'zinc',
  'slate',
  'stone',
  'gray',
  'neutral',
  'red',
  'rose',
  'orange',
  'green',
  'blue',
  'yellow',
  'violet',
]);
export type ThemeName = z.infer<typeof ThemeNameSchema>;

/** POST /projects/:id/theme (SPEC.md 3): the new globals.css, and a chat line saying what changed. */
export const ProjectThemeRequestSchema = z.object({
  globalsCssContent: z
    .string()
    .check(
      z.minLength(1, 'The theme is empty.'),
      z.maxLength(200_000, 'That stylesheet is too large.'),
    ),
  messageContent: z.string().check(z.trim(), z.maxLength(10_000)),
});
export type ProjectThemeRequest = z.infer<typeof ProjectThemeRequestSchema>;

/** Applying a theme writes globals.css and makes a new version. */
export const ProjectThemeResponseSchema = z.object({
  globalsCssContent: z.string(),
  version: VersionSchema,
});
export type ProjectThemeResponse = z.infer<typeof ProjectThemeResponseSchema>;
