import * as z from 'zod/mini';

/** Ids are opaque strings chosen by the server. */
export const IdSchema = z.string().check(z.minLength(1), z.maxLength(64));

/** Timestamps travel as ISO 8601 strings (`Date#toISOString()`). */
export const TimestampSchema = z.iso.datetime({ offset: true });

/** Path params of every `/:id` route. */
export const IdParamsSchema = z.object({ id: IdSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/**
 * A whole number in a query string: the wire carries text ("50"), callers and handlers see a
 * number. The client serializes numbers with `String()`, so input and output agree.
 */
export const queryIntSchema = (min: number, max: number) =>
  z.pipe(
    z.pipe(z.string().check(z.regex(/^\d{1,9}$/, 'Use a whole number.')), z.transform(Number)),
    z.number().check(z.int(), z.gte(min), z.lte(max)),
  );

/**
 * A path inside a project's source tree: relative, '/'-separated, no '..' or '.' segments, no
 * backslashes or NUL. The agent, the file listing and visual edits all use it.
 */
export const FilePathSchema = z.string().check(
  z.minLength(1, 'Give a file path.'),
  z.maxLength(1024, 'That file path is too long.'),
  z.refine(
    (path) =>
      !path.startsWith('/') &&
      !path.includes('\\') &&
      !path.includes('\0') &&
      path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..'),
    { message: 'Use a relative path inside the project, like src/App.tsx.' },
  ),
);

/** A page of the generated app, as its router sees it ('/', '/about?tab=1'). */
export const PagePathSchema = z.string().check(z.maxLength(2048));
