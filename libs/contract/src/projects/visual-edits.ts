import * as z from 'zod/mini';
import { CSS_PROPERTY_PATTERN } from '../preview-bridge-guard';
import { FilePathSchema, IdSchema, PagePathSchema } from '../primitives';
import { VersionSchema } from '../versions';

/** SPEC.md 3 visual edit command: change an element, or delete it. */
export const VisualEditCommandSchema = z.enum(['UPDATE', 'DELETE']);
export type VisualEditCommand = z.infer<typeof VisualEditCommandSchema>;

/** The element selected in the preview, from the source attributes the preview build adds. */
export const SelectedLayoutSchema = z.object({
  componentName: z.string().check(z.minLength(1), z.maxLength(200)),
  filePath: FilePathSchema,
  line: z.number().check(z.int(), z.gte(1)),
  column: z.number().check(z.int(), z.gte(1)),
  tagName: z.string().check(z.minLength(1), z.maxLength(100)),
  page: PagePathSchema,
});
export type SelectedLayout = z.infer<typeof SelectedLayoutSchema>;

/** A CSS property in camelCase or kebab-case ('backgroundColor', 'margin-top', '--radius'). */
const CssPropertySchema = z
  .string()
  .check(z.regex(CSS_PROPERTY_PATTERN, 'Not a CSS property.'), z.maxLength(100));

/**
 * An image's new source (ours): a web address, or a path the app serves ('/assets/photo.png',
 * './photo.png'). Nothing that runs (javascript:) or that the page cannot load.
 */
export const ImageSourceSchema = z
  .string()
  .check(
    z.maxLength(2048),
    z.regex(
      /^(?:https?:\/\/[^\s"'<>]+|\.{0,2}\/[^\s"'<>]*)$/,
      'Use a web address (https://…) or a path in the app, such as /assets/photo.png.',
    ),
  );

/** SPEC.md 3: a visual edit message. UPDATE carries at least one new value. */
export const VisualEditSchema = z
  .object({
    selectedLayout: SelectedLayoutSchema,
    command: VisualEditCommandSchema,
    newClassValue: z.optional(z.string().check(z.maxLength(10_000))),
    /** The class value the preview rendered before the change (ours): tells a class the source does not write from one it does. */
    previousClassValue: z.optional(z.string().check(z.maxLength(10_000))),
    newTextContent: z.optional(z.string().check(z.maxLength(10_000))),
    /** The text the preview showed before the change: which item of a list in the source it is. */
    previousTextContent: z.optional(z.string().check(z.maxLength(10_000))),
    newStyle: z.optional(z.record(CssPropertySchema, z.string().check(z.maxLength(1000)))),
    /** An image's new source (ours). */
    newSrc: z.optional(ImageSourceSchema),
  })
  .check(
    z.refine(
      (edit) =>
        edit.command === 'DELETE' ||
        edit.newClassValue !== undefined ||
        edit.newTextContent !== undefined ||
        edit.newStyle !== undefined ||
        edit.newSrc !== undefined,
      { message: 'An update changes the class, the text, the style or the image source.' },
    ),
  );
export type VisualEdit = z.infer<typeof VisualEditSchema>;

/** POST /projects/:id/visual-edits: the pending edits, applied together as one new version. */
export const VisualEditsRequestSchema = z.object({
  taskId: z.optional(IdSchema),
  /** The version the person saw when making the edits (ours): a newer one refuses them (409). */
  baseVersionId: IdSchema,
  edits: z
    .array(VisualEditSchema)
    .check(z.minLength(1, 'There is nothing to save.'), z.maxLength(100)),
});
export type VisualEditsRequest = z.infer<typeof VisualEditsRequestSchema>;
export const VisualEditsResponseSchema = z.object({ version: VersionSchema });
export type VisualEditsResponse = z.infer<typeof VisualEditsResponseSchema>;
